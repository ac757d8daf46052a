import {
  CUSTOM_AGENT_LIMITS,
  type CustomAgentKnowledgeFile,
  type FileListItem,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { ExternalLink, FileText } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { useAttachClient } from "@/components/chat/attach/attach-client.ts";
import { LoadError } from "@/components/ui/load-error.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { useOwnFiles } from "../api/own-files.ts";
import { KnowledgeUpload, useKnowledgeProgress } from "./knowledge-upload.tsx";

const MAX = CUSTOM_AGENT_LIMITS.knowledgeFiles;

type Candidate = Pick<FileListItem, "id" | "name" | "status" | "pages">;

function detail(file: Candidate): string {
  if (file.status !== "ready")
    return t(`customAgents.knowledge.status.${file.status}` as MessageId);
  if (file.pages === null) return "";
  return t("customAgents.knowledge.pages", { count: file.pages });
}

/**
 * The files to offer: the person's ready files, and any file already chosen that is not (still
 * being read, failed, or not in the list yet), so it can be seen and taken out.
 */
export function knowledgeCandidates(
  files: readonly Candidate[],
  selected: readonly string[],
  known: readonly CustomAgentKnowledgeFile[],
): Candidate[] {
  const chosen = new Set(selected);
  const listed = new Set(files.map((f) => f.id));
  return [
    ...files.filter((f) => f.status === "ready" || chosen.has(f.id)),
    ...known.filter((f) => chosen.has(f.id) && !listed.has(f.id)),
  ];
}

const filesPageLink = (label: string) => (
  <Link
    to={paths.app.files.href()}
    target="_blank"
    rel="noopener"
    className="inline-flex items-center gap-1 text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
  >
    {label}
    <ExternalLink className="size-3.5" aria-hidden="true" />
    <span className="sr-only">{t("customAgents.knowledge.newTab")}</span>
  </Link>
);

/** A file's words beside its name: its pages, or how far its reading got (followed live). */
function FileDetail({ file }: { file: Candidate }) {
  const reading = file.status !== "ready" && file.status !== "failed";
  const progress = useKnowledgeProgress(file.id, reading);
  const about = progress ?? detail(file);
  if (!about) return null;
  return (
    <span
      className={clsx("shrink-0 text-xs", file.status === "failed" ? "text-danger" : "text-subtle")}
    >
      {about}
    </span>
  );
}

/**
 * The editor's Knowledge section: which of the person's files the agent searches (up to 20),
 * found by name. Files are uploaded here (ticked as soon as the server has them, followed while
 * they are read) or on the files page (a new tab; this list follows).
 */
export function KnowledgePicker({
  selected,
  known,
  onChange,
  error,
}: {
  selected: readonly string[];
  /** The agent's knowledge as saved (names of chosen files the list may not hold). */
  known: readonly CustomAgentKnowledgeFile[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const files = useOwnFiles();
  const canUpload = useAttachClient() !== null;
  const [filter, setFilter] = useState("");
  const candidates = useMemo(
    () => knowledgeCandidates(files.data?.files ?? [], selected, known),
    [files.data, selected, known],
  );
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? candidates.filter((f) => f.name.toLowerCase().includes(needle))
    : candidates;
  const full = selected.length >= MAX;

  const toggle = (fileId: string, on: boolean) =>
    onChange(on ? [...selected, fileId] : selected.filter((s) => s !== fileId));

  let body: React.ReactNode;
  if (files.isPending && candidates.length === 0) {
    body = (
      <div className="flex flex-col gap-2" data-testid="knowledge-loading">
        <span className="sr-only" role="status">
          {t("customAgents.knowledge.loading")}
        </span>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  } else if (files.isError && candidates.length === 0) {
    body = (
      <LoadError
        what={t("customAgents.knowledge.what")}
        error={files.error}
        onRetry={() => void files.refetch()}
      />
    );
  } else if (candidates.length === 0) {
    body = (
      <div
        data-testid="knowledge-empty"
        className="flex flex-col items-start gap-1.5 rounded-lg border border-dashed border-border p-3 text-sm text-muted"
      >
        <span className="flex items-center gap-2 text-fg">
          <FileText className="size-4" aria-hidden="true" />
          {(files.data?.files.length ?? 0) > 0
            ? t("customAgents.knowledge.noneReady")
            : t("customAgents.knowledge.noFiles")}
        </span>
        {canUpload ? (
          <>
            <KnowledgeUpload selected={selected} onChange={onChange} />
            <span>
              {richT("customAgents.knowledge.orFilesPage", {
                link: filesPageLink(t("customAgents.knowledge.filesPage")),
              })}
            </span>
          </>
        ) : (
          <span>
            {richT("customAgents.knowledge.uploadThenPick", {
              link: filesPageLink(t("customAgents.knowledge.upload")),
            })}
          </span>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {candidates.length > 6 ? (
          <SearchInput
            label={t("customAgents.knowledge.find")}
            value={filter}
            onChange={setFilter}
            placeholder={t("customAgents.knowledge.find")}
          />
        ) : null}
        {shown.length === 0 ? (
          <p className="text-sm text-muted" role="status">
            {t("customAgents.knowledge.noMatch", { query: filter.trim() })}
          </p>
        ) : (
          <ul
            aria-label={t("customAgents.knowledge.what")}
            className="flex max-h-60 flex-col gap-0.5 overflow-y-auto rounded-lg border border-border p-1"
          >
            {shown.map((file) => {
              const checked = selected.includes(file.id);
              return (
                <li key={file.id}>
                  <label
                    className={clsx(
                      "flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                      !checked && full
                        ? "cursor-not-allowed opacity-60"
                        : "cursor-pointer hover:bg-surface-2",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-accent"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) => toggle(file.id, e.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate text-fg">{file.name}</span>
                    <FileDetail file={file} />
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {full ? (
          <p className="text-xs text-muted">{t("customAgents.knowledge.full", { max: MAX })}</p>
        ) : null}
        {canUpload ? (
          <>
            <KnowledgeUpload selected={selected} onChange={onChange} />
            <p className="text-xs text-subtle">
              {richT("customAgents.knowledge.orAddOn", {
                link: filesPageLink(t("customAgents.knowledge.filesPage")),
              })}
            </p>
          </>
        ) : (
          <p className="text-xs text-subtle">
            {richT("customAgents.knowledge.needAnother", {
              link: filesPageLink(t("customAgents.knowledge.upload")),
            })}
          </p>
        )}
      </>
    );
  }

  return (
    <fieldset
      className="flex flex-col gap-2"
      data-testid="knowledge-picker"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
    >
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>{t("customAgents.knowledge.title")}</span>
        <span
          className={clsx("text-xs font-normal tabular-nums", full ? "text-fg" : "text-subtle")}
          data-testid="knowledge-count"
        >
          {t("customAgents.knowledge.count", { count: selected.length, max: MAX })}
        </span>
      </legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
        {t("customAgents.knowledge.hint")}
      </p>
      {body}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
