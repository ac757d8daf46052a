import { MESSAGES } from "@nexus/contracts";
import { clsx } from "clsx";

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      className={clsx("size-5 motion-safe:animate-spin", className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The spinner with the spec's "Loading..." text, shown while a page (or its data) loads. */
export function PageSpinner({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-spinner"
      className={clsx(
        "flex min-h-[40vh] w-full flex-col items-center justify-center gap-3 text-muted",
        className,
      )}
    >
      <Spinner className="size-6 text-accent" />
      <span className="text-sm">{MESSAGES.loading}</span>
    </div>
  );
}
