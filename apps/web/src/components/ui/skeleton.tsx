import { clsx } from "clsx";

export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx("rounded-md bg-surface-2 motion-safe:animate-pulse", className)}
    />
  );
}

/** An answer while it loads: a row of source cards, then lines of text. */
export function AnswerSkeleton({ lines = 4, className }: { lines?: 3 | 4; className?: string }) {
  const widths = ["w-full", "w-11/12", "w-4/5", "w-2/3"].slice(0, lines);
  return (
    <div className={clsx("flex flex-col gap-6", className)}>
      <div className="flex gap-2 overflow-hidden">
        <Skeleton className="h-16 w-40 shrink-0 rounded-xl" />
        <Skeleton className="h-16 w-40 shrink-0 rounded-xl" />
        <Skeleton className="h-16 w-40 shrink-0 rounded-xl" />
      </div>
      <div className="flex flex-col gap-2">
        {widths.map((width) => (
          <Skeleton key={width} className={clsx("h-4", width)} />
        ))}
      </div>
    </div>
  );
}
