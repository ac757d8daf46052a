import { clsx } from "clsx";

/** A determinate progress bar; turns amber near the limit and red at it. */
export function ProgressBar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const tone = ratio >= 1 ? "bg-danger" : ratio >= 0.8 ? "bg-warning" : "bg-accent";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      className={clsx("h-2 w-full overflow-hidden rounded-full bg-surface-2", className)}
    >
      <div
        className={clsx("h-full rounded-full transition-[width]", tone)}
        style={{ width: `${ratio * 100}%` }}
      />
    </div>
  );
}
