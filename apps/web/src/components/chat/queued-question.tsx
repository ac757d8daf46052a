import { Clock, X } from "lucide-react";
import { t } from "@/lib/i18n/i18n.ts";

/** The question waiting for the running reply to end, under the composer, with Cancel. */
export function QueuedQuestion({
  question,
  files = 0,
  onCancel,
}: {
  question: string;
  /** Files attached to it. */
  files?: number;
  onCancel: () => void;
}) {
  return (
    <div
      data-testid="queued-question"
      className="mt-2 flex max-w-full items-center gap-2 self-start rounded-full border border-border bg-surface-2 py-1 ps-3 pe-1 text-xs text-muted"
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="shrink-0 font-medium text-fg">{t("chat.queued")}</span>
      <span className="min-w-0 truncate" title={question}>
        {question}
      </span>
      {files > 0 ? (
        <span className="shrink-0">· {t("chat.queuedFiles", { count: files })}</span>
      ) : null}
      <span className="sr-only">{t("chat.queuedWhen")}</span>
      <button
        type="button"
        onClick={onCancel}
        aria-label={t("chat.cancelQueued")}
        className="shrink-0 rounded-full p-1 hover:bg-border/70 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}
