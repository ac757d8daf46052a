import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The honest state of a screen whose feature arrives in a later release: what it will do, no fake
 * data.
 */
export function ComingSoon({
  icon: Icon,
  title,
  description,
  upcoming,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  upcoming?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <div
      data-testid="coming-soon"
      className="rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center sm:px-10"
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">{description}</p>
      {upcoming && upcoming.length > 0 ? (
        <ul className="mx-auto mt-6 grid max-w-md gap-2 text-start text-sm">
          {upcoming.map((item) => (
            <li key={item} className="flex gap-2 rounded-lg bg-surface-2 px-3 py-2 text-muted">
              <span
                aria-hidden="true"
                className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent"
              />
              {item}
            </li>
          ))}
        </ul>
      ) : null}
      {children ? <div className="mt-6 flex justify-center gap-2">{children}</div> : null}
    </div>
  );
}
