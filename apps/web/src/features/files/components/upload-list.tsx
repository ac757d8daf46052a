import { X } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { t } from "@/lib/i18n/i18n.ts";
import type { UploadState } from "../hooks/use-uploads.ts";
import { formatBytes } from "../lib/format-bytes.ts";

/** Files on their way up: a bar with the percentage sent, or the reason it was refused. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: UploadState[];
  onDismiss: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={t("files.uploads")} data-testid="files-uploads">
      {uploads.map((u) => {
        const percent = Math.round(u.progress * 100);
        return (
          <li
            key={u.key}
            className="flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3"
            data-testid="files-upload"
          >
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate font-medium">{u.name}</span>
                <span className="shrink-0 text-muted">
                  {u.error ? t("files.notAdded") : t("files.uploading", { percent })} ·{" "}
                  {formatBytes(u.size)}
                </span>
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 text-sm text-danger">
                  {u.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={t("files.uploadingName", { name: u.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-2"
                >
                  <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
                </div>
              )}
            </div>
            {u.error ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("files.dismiss", { name: u.name })}
                onClick={() => onDismiss(u.key)}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
