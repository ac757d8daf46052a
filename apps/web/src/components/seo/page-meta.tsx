import { currentLocale } from "@/lib/i18n/i18n.ts";
import { localeOfPath, localizedHref } from "@/lib/i18n/locale-paths.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/locales.ts";

/**
 * The origin prerendered pages carry in place of APP_URL; the server puts the configured APP_URL
 * there when it serves them (apps/server/src/static.ts).
 */
export const PRERENDER_ORIGIN = "https://app-url.nexus.invalid";

/** The site's origin: the placeholder while prerendering, the page's own origin in the browser. */
function siteOrigin(): string {
  return typeof window === "undefined" ? PRERENDER_ORIGIN : window.location.origin;
}

/**
 * The language of the page being shown: its path's (/de/faq) in the browser; in the prerender
 * (no window) the one it renders the page in.
 */
function pageLanguage(): Locale {
  if (typeof window === "undefined") return currentLocale();
  return localeOfPath(window.location.pathname) ?? DEFAULT_LOCALE;
}

/**
 * Title, description, canonical link, the page's versions in every language (hreflang, English
 * the x-default) and Open Graph tags of a public page. React hoists them into <head>; the
 * prerendered HTML carries the same tags, which hydration adopts.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex = false,
}: {
  /** The full document title. */
  title: string;
  description?: string;
  /** The canonical path in English ("/faq"); omitted for pages that should not be indexed. */
  path?: string;
  noindex?: boolean;
}) {
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {path && !noindex ? (
        <>
          <link rel="canonical" href={`${siteOrigin()}${localizedHref(path, pageLanguage())}`} />
          {LOCALES.map((locale) => (
            <link
              key={locale}
              rel="alternate"
              hrefLang={locale}
              href={`${siteOrigin()}${localizedHref(path, locale)}`}
            />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${siteOrigin()}${path}`} />
        </>
      ) : null}
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
    </>
  );
}
