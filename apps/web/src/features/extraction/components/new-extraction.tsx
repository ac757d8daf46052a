import {
  EXTRACTION_LIMITS,
  EXTRACTION_SEARCH_RESULTS_MAX,
  type ExtractionRowMode,
  type ExtractionSource,
} from "@nexus/contracts";
import { Play } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses, TextField } from "@/components/ui/text-field.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useMyFiles, useStartExtraction } from "../api/extractions.ts";
import { startEstimate } from "../lib/start-estimate.ts";
import { type DraftField, draftField, fieldsOf, SchemaBuilder } from "./schema-builder.tsx";

/** The person's ready files as checkboxes (a row each in the table). */
function FilePicker({
  picked,
  onChange,
}: {
  picked: ReadonlySet<string>;
  onChange: (picked: Set<string>) => void;
}) {
  const t = useT();
  const files = useMyFiles();
  if (files.isPending) return <Spinner />;
  if (files.isError) return <Alert kind="error">{errorMessage(files.error)}</Alert>;
  const ready = files.data.files.filter((f) => f.status === "ready");
  if (ready.length === 0)
    return <p className="text-sm text-muted">{t("extraction.sources.noFiles")}</p>;
  return (
    <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-2">
      {ready.map((file) => (
        <li key={file.id}>
          <label className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-surface-2">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={picked.has(file.id)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(file.id);
                else next.delete(file.id);
                onChange(next);
              }}
            />
            <span className="min-w-0 truncate">{file.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** A new extraction: its title, schema and sources, then Start (opens its table). */
export function NewExtraction() {
  const t = useT();
  const navigate = useNavigate();
  const start = useStartExtraction();
  const [title, setTitle] = useState("");
  const [fields, setFields] = useState<DraftField[]>(() => [draftField()]);
  const [rowMode, setRowMode] = useState<ExtractionRowMode>("per_source");
  const [files, setFiles] = useState<Set<string>>(() => new Set());
  const [urls, setUrls] = useState("");
  const [search, setSearch] = useState("");
  const [count, setCount] = useState(5);
  const sources: ExtractionSource[] = [
    ...(search.trim().length >= 2
      ? [{ kind: "search" as const, query: search.trim(), count }]
      : []),
    ...[...files].map((fileId) => ({ kind: "file" as const, fileId })),
    ...urls
      .split(/\s+/)
      .filter((u) => /^https?:\/\//i.test(u))
      .map((url) => ({ kind: "url" as const, url })),
  ];
  const schema = fieldsOf(fields);
  const estimate = startEstimate(sources, rowMode);
  // A web search counts as its result count, not as one source.
  const summary = [
    estimate.files > 0 ? t("extraction.start.files", { count: estimate.files }) : null,
    estimate.pages > 0 ? t("extraction.start.pages", { count: estimate.pages }) : null,
    estimate.results > 0 ? t("extraction.start.results", { count: estimate.results }) : null,
  ].filter((part): part is string => part !== null);
  const ready =
    schema.length > 0 && sources.length > 0 && sources.length <= EXTRACTION_LIMITS.sources;
  return (
    <form
      className="flex flex-col gap-8"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready || start.isPending) return;
        start.mutate(
          { title: title.trim(), fields: schema, rowMode, sources },
          { onSuccess: (item) => navigate(paths.app.extraction.href(item.id)) },
        );
      }}
    >
      <section className="flex flex-col gap-4" aria-labelledby="extraction-fields-title">
        <h2 id="extraction-fields-title" className="text-lg font-semibold">
          {t("extraction.fields.title")}
        </h2>
        <TextField
          label={t("extraction.title.label")}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <SchemaBuilder
          fields={fields}
          onChange={setFields}
          rowMode={rowMode}
          onRowMode={setRowMode}
        />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="extraction-sources-title">
        <h2 id="extraction-sources-title" className="text-lg font-semibold">
          {t("extraction.sources.title")}
        </h2>
        <p className="text-sm text-muted">{t("extraction.sources.files")}</p>
        <FilePicker picked={files} onChange={setFiles} />
        <label htmlFor="extraction-urls" className="text-sm font-medium">
          {t("extraction.sources.urls")}
        </label>
        <textarea
          id="extraction-urls"
          className={`${inputClasses} h-24 py-2`}
          placeholder="https://…"
          value={urls}
          onChange={(e) => setUrls(e.target.value)}
        />
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <TextField
            label={t("extraction.sources.search")}
            hint={t("extraction.sources.searchHint")}
            value={search}
            maxLength={400}
            data-testid="extraction-search"
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            label={t("extraction.sources.searchCount")}
            options={Array.from({ length: EXTRACTION_SEARCH_RESULTS_MAX }, (_, i) => ({
              value: String(i + 1),
              label: String(i + 1),
            }))}
            value={String(count)}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </div>
      </section>
      {start.isError ? <Alert kind="error">{errorMessage(start.error)}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!ready || start.isPending} data-testid="extraction-start">
          {start.isPending ? <Spinner /> : <Play className="size-4" aria-hidden="true" />}
          {t("extraction.start")}
        </Button>
        <p className="flex flex-col text-sm text-muted" data-testid="extraction-estimate">
          <span>{summary.length > 0 ? summary.join(" · ") : t("extraction.start.noSources")}</span>
          <span>
            {t(
              rowMode === "per_item"
                ? "extraction.start.estimateItems"
                : "extraction.start.estimate",
              { fields: schema.length, rows: estimate.rows },
            )}
          </span>
        </p>
      </div>
    </form>
  );
}
