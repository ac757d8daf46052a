import type { ExtractionField, ExtractionItem, ExtractionValue } from "@nexus/contracts";
import { BookOpen, ExternalLink, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useExtractionActions } from "../api/extractions.ts";
import { MarkBadge, type Selected, valueText } from "./extraction-table.tsx";

/** The person's text as the field's value (the server checks it against the type). */
function parseInput(field: ExtractionField, text: string): ExtractionValue {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (field.type === "number") return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  if (field.type === "boolean") return trimmed === "true";
  if (field.type === "list") return trimmed.split(/\s*;\s*/).filter(Boolean);
  return trimmed;
}

/**
 * A cell's value and its correction: the value, its mark and why, the quote with its page (a
 * file's passage opens in the shared citation panel, the document viewer at the quote), an edit
 * kept over re-runs, and re-running its row or its column.
 */
export function CellDetail({
  item,
  selected,
  onShowPassage,
}: {
  item: ExtractionItem;
  selected: Selected;
  /** Opens the cell's passage in the shared panel (absent: the cell has no place in a file). */
  onShowPassage?: ((button: HTMLElement) => void) | undefined;
}) {
  const t = useT();
  const { edit, rerun } = useExtractionActions(item.id);
  const field = item.fields.find((f) => f.key === selected.key);
  const row = item.rows.find((r) => r.index === selected.row);
  const cell = row?.cells[selected.key];
  const [draft, setDraft] = useState("");
  const initial =
    cell && field ? (cell.value === null ? "" : valueText(cell, "true", "false")) : "";
  useEffect(() => setDraft(initial), [initial]);
  if (!field || !row || !cell) return null;
  const running = item.status === "queued" || item.status === "running";
  const page = cell.place?.page;
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="extraction-cell-detail">
      <div>
        <p className="text-xs text-muted">{row.source.label}</p>
        <p className="font-medium">{field.name}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base break-words">
          {valueText(cell, t("extraction.yes"), t("extraction.no"))}
        </span>
        <MarkBadge cell={cell} />
      </div>
      <p className="text-xs text-muted">{t(`extraction.markHelp.${cell.mark}` as MessageId)}</p>
      {cell.note ? <p className="text-xs text-muted">{cell.note}</p> : null}
      {cell.quote ? (
        <figure className="flex flex-col gap-1">
          <blockquote
            className="rounded-lg border-s-4 border-accent bg-surface-2 px-3 py-2 break-words"
            data-testid="extraction-quote"
          >
            <mark className="bg-transparent text-fg">{cell.quote}</mark>
          </blockquote>
          {page != null ? (
            <figcaption className="text-xs text-muted">
              {t("extraction.detail.page", { page })}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {onShowPassage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          data-testid="extraction-show-passage"
          onClick={(e) => onShowPassage(e.currentTarget)}
        >
          <BookOpen className="size-4" aria-hidden="true" />
          {t("extraction.detail.showPassage")}
        </Button>
      ) : row.source.url ? (
        <a
          className={buttonClasses({ variant: "outline", size: "sm", className: "self-start" })}
          href={row.source.url}
          target="_blank"
          rel="noreferrer noopener"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t("extraction.detail.openPage")}
        </a>
      ) : null}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate({ row: row.index, key: field.key, value: parseInput(field, draft) });
        }}
      >
        <label htmlFor="extraction-edit" className="font-medium">
          {t("extraction.detail.edit")}
        </label>
        <input
          id="extraction-edit"
          className={inputClasses}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="extraction-edit"
        />
        <Button type="submit" size="sm" className="self-start" disabled={edit.isPending}>
          {t("extraction.detail.save")}
        </Button>
        {edit.isError ? <Alert kind="error">{errorMessage(edit.error)}</Alert> : null}
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={running || rerun.isPending}
          onClick={() => rerun.mutate({ row: row.index })}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          {t("extraction.detail.rerunRow")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={running || rerun.isPending}
          onClick={() => rerun.mutate({ field: field.key })}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          {t("extraction.detail.rerunColumn")}
        </Button>
      </div>
      {rerun.isError ? <Alert kind="error">{errorMessage(rerun.error)}</Alert> : null}
    </div>
  );
}
