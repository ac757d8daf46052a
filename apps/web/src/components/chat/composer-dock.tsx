import { Square } from "lucide-react";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Stop the reply that is streaming: stands where Send is while a reply streams. */
export function StopButton({ onStop }: { onStop: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onStop}
      className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 self-end rounded-xl border border-border bg-surface-2 px-3 text-sm font-medium text-fg transition-colors hover:bg-border/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Square className="size-3.5 fill-current" aria-hidden="true" />
      {t("chat.stop")}
    </button>
  );
}

/**
 * The bottom of every chat: sticks to the bottom of the screen over the conversation, with the live
 * status line ("… is replying…", announced politely) above the message box it holds.
 */
export function ComposerDock({
  testId,
  statusTestId,
  statusText,
  spinner = false,
  aside,
  below,
  children,
}: {
  testId: string;
  statusTestId: string;
  statusText: string;
  /** A spinner before a non-empty status. */
  spinner?: boolean;
  /** At the end of the status line (the answer page's focus mode). */
  aside?: ReactNode;
  /** Under the box (a queued question). */
  below?: ReactNode;
  /** The message box. */
  children: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="sticky bottom-0 z-10 -mx-4 mt-auto bg-linear-to-t from-bg from-70% to-transparent px-4 pt-6 pb-4 sm:-mx-6 sm:px-6"
    >
      <div className="mb-2 flex min-h-5 items-center justify-between gap-3 text-xs text-muted">
        <p
          role="status"
          aria-live="polite"
          data-testid={statusTestId}
          className="flex min-w-0 items-center gap-1.5"
        >
          {spinner && statusText ? <Spinner className="size-3.5 text-accent" /> : null}
          <span className="truncate">{statusText}</span>
        </p>
        {aside}
      </div>
      {children}
      {below}
    </div>
  );
}
