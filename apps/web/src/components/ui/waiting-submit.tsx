import { ArrowUp } from "lucide-react";
import { Spinner } from "./spinner.tsx";

/**
 * The send button while the question waits for something (attached files still uploading): it
 * cannot be pressed and says why. Phones keep the room for the question: the spinner alone, the
 * words for readers.
 */
export function WaitingSubmit({ label, testId }: { label: string; testId?: string }) {
  return (
    <button
      type="submit"
      disabled
      data-testid={testId}
      className="inline-flex h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 self-end rounded-xl bg-accent text-sm font-medium text-accent-fg opacity-60 sm:px-3"
    >
      <Spinner className="size-4" />
      <span className="max-sm:sr-only">{label}</span>
    </button>
  );
}

/**
 * A message box's send button (the question box's and a chat composer's): an arrow named by
 * `label`; while `waitingLabel` is set it is the {@link WaitingSubmit} button instead.
 */
export function SendButton({
  label,
  disabled,
  waitingLabel,
  waitingTestId,
}: {
  label: string;
  disabled: boolean;
  waitingLabel?: string | null;
  waitingTestId?: string;
}) {
  if (waitingLabel) return <WaitingSubmit label={waitingLabel} testId={waitingTestId} />;
  return (
    <button
      type="submit"
      aria-label={label}
      disabled={disabled}
      className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-xl bg-accent text-accent-fg transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
