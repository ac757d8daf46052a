import type { ReactNode } from "react";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { useLocale } from "@/lib/i18n/i18n.ts";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.ts";

/** Layout of a simple public page: eyebrow, title, intro, content; its meta tags. */
export function PublicPage({
  eyebrow,
  title,
  intro,
  description,
  path,
  englishNote,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** The page's meta description (search results, link previews). */
  description: string;
  /** The canonical path of the page. */
  path: string;
  /** Said on the page's versions in other languages when its content is English's only. */
  englishNote?: string;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <PageMeta title={`${title} · Nexus`} description={description} path={path} />
      {eyebrow ? <p className="text-sm font-medium text-accent">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-4 text-base text-muted sm:text-lg">{intro}</p> : null}
      {englishNote && locale !== DEFAULT_LOCALE ? (
        <p className="mt-2 text-sm text-subtle" data-testid="english-note">
          {englishNote}
        </p>
      ) : null}
      <div className="mt-10">{children}</div>
    </div>
  );
}
