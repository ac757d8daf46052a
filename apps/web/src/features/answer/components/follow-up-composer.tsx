import type { FocusMode } from "@nexus/contracts";
import { Square } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import type { ComposerAttachProps } from "../hooks/use-composer-attachments.tsx";
import { focusModeOption } from "../lib/focus-modes.ts";

/**
 * The box at the bottom of a thread: asks a follow-up in the same thread and focus mode; while an
 * answer streams it offers Stop instead. Above it, the live status line. With `attach`, files can
 * be attached to the follow-up (the label then shows the Local focus they are asked in).
 */
export function FollowUpComposer({
  busy,
  statusText,
  focusMode,
  inputRef,
  onAsk,
  onStop,
  below,
  attach = {},
}: {
  busy: boolean;
  statusText: string;
  focusMode: FocusMode;
  inputRef: Ref<HTMLTextAreaElement>;
  onAsk: (question: string) => void;
  onStop: () => void;
  /** Under the box (the queued question). */
  below?: ReactNode;
  attach?: ComposerAttachProps;
}) {
  const focus = focusModeOption(focusMode);
  const FocusIcon = focus?.icon;
  return (
    <div
      data-testid="follow-up"
      className="sticky bottom-0 z-10 -mx-4 mt-auto bg-linear-to-t from-bg from-70% to-transparent px-4 pt-6 pb-4 sm:-mx-6 sm:px-6"
    >
      <div className="mb-2 flex min-h-5 items-center justify-between gap-3 text-xs text-muted">
        <p
          role="status"
          aria-live="polite"
          data-testid="answer-status"
          className="flex min-w-0 items-center gap-1.5"
        >
          {statusText ? <Spinner className="size-3.5 text-accent" /> : null}
          <span className="truncate">{statusText}</span>
        </p>
        {focus && FocusIcon ? (
          <span className="flex shrink-0 items-center gap-1" data-testid="follow-up-focus">
            <FocusIcon className="size-3.5" aria-hidden="true" />
            {focus.label}
          </span>
        ) : null}
      </div>
      <SearchForm
        size="md"
        inputRef={inputRef}
        label="Ask a follow-up"
        placeholder={busy ? "Ask a follow-up — sent when this answer ends…" : "Ask a follow-up…"}
        submitLabel="Ask"
        clearOnSubmit
        onSubmit={onAsk}
        {...attach}
        action={
          busy ? (
            <button
              type="button"
              onClick={onStop}
              className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 self-end rounded-xl border border-border bg-surface-2 px-3 text-sm font-medium text-fg transition-colors hover:bg-border/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Square className="size-3.5 fill-current" aria-hidden="true" />
              Stop
            </button>
          ) : undefined
        }
      />
      {below}
    </div>
  );
}
