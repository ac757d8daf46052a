import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A list with nothing in it: what would be here and how to get some. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center sm:px-10"
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-surface-2 text-muted">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      {description ? (
        <p className="mx-auto mt-2 max-w-md text-sm break-words text-muted">{description}</p>
      ) : null}
      {children ? <div className="mt-6 flex justify-center gap-2">{children}</div> : null}
    </div>
  );
}
