import type { FileListItem } from "@nexus/contracts";
import { clsx } from "clsx";
import { Download, MessagesSquare, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { downloadFileHref } from "../api/download-file.ts";
import { useFileEvents } from "../api/file-events.ts";
import { formatBytes } from "../lib/format-bytes.ts";
import { FileIcon, KIND_LABELS } from "./file-icon.tsx";
import { PasswordForm } from "./password-form.tsx";

/**
 * One file: icon, name, size, pages, live status, date; rename, download and delete. A ready file
 * opens in its document chat (its name and "Chat"); the download stays its own explicit action.
 */
export function FileRow({
  file,
  now,
  onRename,
  onDelete,
}: {
  file: FileListItem;
  now: Date;
  onRename: (file: FileListItem) => void;
  onDelete: (file: FileListItem) => void;
}) {
  useT();
  const ended = file.status === "ready" || file.status === "failed";
  const live = useFileEvents(file.id, !ended);
  const locked = file.needsPassword;
  const statusText = t(`files.status.${file.status}`);
  const status = locked
    ? t("files.needsPassword")
    : ended
      ? statusText
      : (live?.message ?? statusText);
  const failed = file.status === "failed";
  const meta = [
    KIND_LABELS[file.kind],
    formatBytes(file.size),
    file.pages !== null ? t("files.pages", { count: file.pages }) : null,
    formatRelativeTime(file.createdAt, now),
  ].filter(Boolean);
  const iconButton = buttonClasses({ variant: "ghost", size: "icon" });
  const chatHref = file.status === "ready" ? paths.app.documentChat.href(file.id) : null;
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 sm:flex-nowrap"
      data-testid="files-row"
    >
      <FileIcon kind={file.kind} />
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium" title={file.name}>
          {chatHref ? (
            <Link
              to={chatHref}
              data-testid="files-row-open"
              className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {file.name}
            </Link>
          ) : (
            file.name
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted">{meta.join(" · ")}</p>
        {file.match ? (
          <p className="mt-1 line-clamp-2 text-sm text-muted">
            {t("files.matchPage", { page: file.match.page, snippet: file.match.snippet })}
          </p>
        ) : null}
        {failed && file.error ? (
          <p
            className={clsx("mt-1 text-sm", locked ? "text-warning" : "text-danger")}
            data-testid="files-row-error"
          >
            {file.error}
          </p>
        ) : null}
        {locked ? <PasswordForm key={file.updatedAt} file={file} /> : null}
        {file.warnings.map((w) => (
          <p key={w} className="mt-1 text-sm text-warning">
            {w}
          </p>
        ))}
      </div>
      <span
        data-testid="files-row-status"
        aria-live="polite"
        className={clsx(
          "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium",
          locked
            ? "bg-warning-soft text-warning"
            : failed
              ? "bg-danger-soft text-danger"
              : file.status === "ready"
                ? "bg-accent-soft text-accent-soft-fg"
                : "bg-surface-2 text-muted",
        )}
      >
        {status}
      </span>
      <div className="flex shrink-0 items-center">
        {chatHref ? (
          <Link
            to={chatHref}
            data-testid="files-row-chat"
            aria-label={t("files.chatWith", { name: file.name })}
            className={buttonClasses({ variant: "outline", size: "sm", className: "me-1" })}
          >
            <MessagesSquare className="size-4" aria-hidden="true" />
            {t("files.chat")}
          </Link>
        ) : null}
        <button
          type="button"
          className={iconButton}
          aria-label={t("files.renameOf", { name: file.name })}
          onClick={() => onRename(file)}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <a
          className={iconButton}
          href={downloadFileHref(file.id)}
          download
          aria-label={t("files.downloadOf", { name: file.name })}
        >
          <Download className="size-4" aria-hidden="true" />
        </a>
        <button
          type="button"
          className={iconButton}
          aria-label={t("files.deleteOf", { name: file.name })}
          onClick={() => onDelete(file)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
