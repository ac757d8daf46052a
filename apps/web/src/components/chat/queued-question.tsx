import { Clock, X } from "lucide-react";

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
      className="mt-2 flex max-w-full items-center gap-2 self-start rounded-full border border-border bg-surface-2 py-1 pr-1 pl-3 text-xs text-muted"
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="shrink-0 font-medium text-fg">Queued</span>
      <span className="min-w-0 truncate" title={question}>
        {question}
      </span>
      {files > 0 ? (
        <span className="shrink-0">· {files === 1 ? "1 file" : `${files} files`}</span>
      ) : null}
      <span className="sr-only">— sent when this reply ends.</span>
      <button
        type="button"
        onClick={onCancel}
        aria-label="Cancel the queued question"
        className="shrink-0 rounded-full p-1 hover:bg-border/70 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}
