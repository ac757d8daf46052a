import { clsx } from "clsx";

export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx("rounded-md bg-surface-2 motion-safe:animate-pulse", className)}
    />
  );
}
