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
