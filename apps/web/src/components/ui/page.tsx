import { clsx } from "clsx";
import type { ReactNode } from "react";

/** The main column of an app screen, with its title (also used as the document title). */
export function Page({
  title,
  description,
  actions,
  children,
  width = "default",
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: "default" | "wide" | "narrow";
  className?: string;
}) {
  return (
    <div
      className={clsx(
        "mx-auto w-full px-4 py-8 sm:px-6 lg:py-10",
        width === "wide" ? "max-w-6xl" : width === "narrow" ? "max-w-2xl" : "max-w-4xl",
        className,
      )}
    >
      <title>{`${title} · Nexus`}</title>
      <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description ? (
            <p className="mt-2 text-sm text-muted sm:text-base">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  tone = "default",
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx(
        "rounded-2xl border bg-surface p-5 shadow-xs sm:p-6",
        tone === "danger" ? "border-danger/40" : "border-border",
      )}
    >
      <h2
        id={headingId}
        className={clsx("text-base font-semibold", tone === "danger" && "text-danger")}
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
