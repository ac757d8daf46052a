import type { ReactNode } from "react";

/** Layout of a simple public page: eyebrow, title, intro, content. */
export function PublicPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <title>{`${title} · Nexus`}</title>
      {eyebrow ? <p className="text-sm font-medium text-accent">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-4 text-base text-muted sm:text-lg">{intro}</p> : null}
      <div className="mt-10">{children}</div>
    </div>
  );
}
