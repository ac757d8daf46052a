import {
  type AnswerAttachment,
  type FileListItem,
  type FileStatus,
  MAX_ATTACHED_FILES,
} from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileText, Upload } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { type MessageId, t as translate, useT } from "@/lib/i18n/i18n.ts";
import { filesKeys } from "@/lib/query-keys.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import type { AttachClient } from "./attach-client.ts";

/** The empty list's words (spec: the person has no files at all). */
export const noFilesYet = (): string => translate("chat.attach.noFilesYet");

/** A file's state as the list says it ("Being read"); a ready file has none. */
const statusText = (status: FileStatus) =>
  status === "ready" ? "" : translate(`chat.attach.status.${status}` as MessageId);

/** A file still being read: the list asks again until it ends. */
const reading = (file: FileListItem) => file.status !== "ready" && file.status !== "failed";

function detail(file: FileListItem, attached: boolean, now: Date): string {
  if (file.status !== "ready")
    return file.needsPassword ? translate("chat.attach.needsPassword") : statusText(file.status);
  if (attached) return translate("chat.attach.isAttached");
  const pages = file.pages === null ? "" : `${translate("files.pages", { count: file.pages })} · `;
  return `${pages}${formatRelativeTime(file.createdAt, now)}`;
}

/** The room left on a question's attachments (the default words of the list's last line). */
export function questionRoomNote(room: number): string {
  return room === 0
    ? translate("chat.attach.full", { max: MAX_ATTACHED_FILES })
    : translate("chat.attach.room", { count: room });
}

/**
 * The person's files to choose from (newest first, as GET /api/files lists them): a name filter,
 * ready files with a checkbox (up to `room`), the others shown disabled with their state; the
 * loading, empty and error states. "Attach" hands the chosen ones over.
 */
export function PickFilesList({
  client,
  room,
  attachedIds,
  onPick,
  onCancel,
  onUpload,
  roomNote = questionRoomNote,
}: {
  client: AttachClient;
  /** How many more files the question can take. */
  room: number;
  /** The files already on the composer's chips. */
  attachedIds: readonly string[];
  onPick: (files: AnswerAttachment[]) => void;
  onCancel: () => void;
  /** The empty list's way out: upload a new file instead. */
  onUpload: () => void;
  /**
   * The line under a list that can take no more (0: none at all), in the words of what the files
   * go to: a question's attachments by default, a document chat's files from its collection bar.
   */
  roomNote?: (room: number) => string;
}) {
  const files = useQuery({
    queryKey: filesKeys.list(""),
    queryFn: ({ signal }) => client.listFiles("", signal),
    // Files uploaded elsewhere since the list was read show up at once.
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.files.some(reading) ? 2_000 : false),
  });
  const t = useT();
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [now] = useState(() => new Date());
  const all = files.data?.files ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((file) => file.name.toLowerCase().includes(needle)) : all;
  const full = chosen.length >= room;

  const toggle = (fileId: string, on: boolean) =>
    setChosen((list) => (on ? [...list, fileId] : list.filter((id) => id !== fileId)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = all.filter((file) => chosen.includes(file.id) && file.status === "ready");
    if (picked.length > 0) onPick(picked.map((file) => ({ id: file.id, name: file.name })));
  };

  let body: ReactNode;
  if (files.isPending) {
    body = (
      <div className="flex flex-col gap-2 p-1" data-testid="pick-files-loading">
        <span className="sr-only" role="status">
          {t("chat.attach.loading")}
        </span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-3/4" />
      </div>
    );
  } else if (files.isError) {
    body = (
      <LoadError
        what={t("chat.attach.yourFiles")}
        error={files.error}
        onRetry={() => void files.refetch()}
      />
    );
  } else if (all.length === 0) {
    body = (
      <div
        data-testid="pick-files-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm"
      >
        <FileText className="size-6 text-subtle" aria-hidden="true" />
        <p className="text-fg">{t("chat.attach.noFilesYet")}</p>
        <Button variant="outline" size="sm" onClick={onUpload}>
          <Upload className="size-4" aria-hidden="true" />
          {t("chat.attach.upload")}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <SearchInput
          label={t("chat.attach.findLabel")}
          value={filter}
          onChange={setFilter}
          placeholder={t("chat.attach.find")}
        />
        {shown.length === 0 ? (
          <p className="px-1 py-4 text-sm text-muted" role="status">
            {t("chat.attach.noMatch", { filter: filter.trim() })}
          </p>
        ) : (
          <ul
            aria-label={t("chat.attach.yourFiles")}
            data-testid="pick-files-list"
            className="flex max-h-[min(20rem,45dvh)] flex-col gap-0.5 overflow-y-auto overscroll-contain rounded-xl border border-border p-1"
          >
            {shown.map((file) => {
              const ready = file.status === "ready";
              const checked = chosen.includes(file.id);
              const disabled = !ready || (!checked && full);
              const about = detail(file, attachedIds.includes(file.id), now);
              return (
                <li key={file.id} data-testid="pick-files-item" data-status={file.status}>
                  <label
                    className={clsx(
                      "flex min-h-11 min-w-0 items-center gap-3 rounded-lg px-2.5 py-1.5 text-sm",
                      disabled ? "cursor-not-allowed" : "cursor-pointer hover:bg-surface-2",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-accent disabled:opacity-50"
                      checked={checked}
                      disabled={disabled}
                      onChange={(event) => toggle(file.id, event.target.checked)}
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span
                        className={clsx("truncate", ready ? "text-fg" : "text-muted")}
                        title={file.name}
                      >
                        {file.name}
                      </span>
                      {about ? (
                        <span
                          className={clsx(
                            "truncate text-xs",
                            file.status === "failed" ? "text-danger" : "text-muted",
                          )}
                        >
                          {about}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {full ? (
          <p className="px-1 text-xs text-muted" role="status">
            {roomNote(room)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-3" data-testid="pick-files">
      {body}
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="ghost" onClick={onCancel}>
          {t("spec.cancel")}
        </Button>
        <Button type="submit" disabled={chosen.length === 0}>
          {chosen.length > 1
            ? t("chat.attach.attachCount", { count: chosen.length })
            : t("chat.attach.attach")}
        </Button>
      </div>
    </form>
  );
}
