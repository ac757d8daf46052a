import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales.ts";

/**
 * The public pages in each language: English at today's paths (/, /faq, /blog, /blog/:slug,
 * /book-demo, /contact), every other language under its code (/de/, /de/faq, /fr/blog/:slug …).
 * The prerender writes each version (apps/web/build/prerender.ts), the server serves them
 * (apps/server/src/static.ts), and links on a page go to the version in the interface's language.
 */

/** The languages whose public pages live under `/{code}/`. */
export const PREFIXED_LOCALES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Public paths that exist in every language (the share page and /app do not). */
const LOCALIZABLE = /^\/(?:$|(?:faq|blog|book-demo|contact)(?:\/|$))/;

const PREFIX = /^\/([a-z]{2})(?=\/|$)/;

/** The language a path's prefix names ("/fr/faq" → fr); null for English's (unprefixed) paths. */
export function localeOfPath(pathname: string): Locale | null {
  const code = PREFIX.exec(pathname)?.[1];
  return code !== DEFAULT_LOCALE && isLocale(code) ? code : null;
}

/** The path without its language prefix ("/fr/faq" → "/faq", "/fr/" → "/"). */
export function stripLocale(pathname: string): string {
  return localeOfPath(pathname) ? pathname.slice(3) || "/" : pathname;
}

/**
 * `href` (a path, maybe with ?query and #hash) in `locale`: a public page's version in that
 * language ("/faq" → "/de/faq", "/" → "/de/"); any other link as it is.
 */
export function localizedHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const pathname = stripLocale(cut === -1 ? href : href.slice(0, cut));
  const rest = cut === -1 ? "" : href.slice(cut);
  if (!LOCALIZABLE.test(pathname)) return href;
  if (locale === DEFAULT_LOCALE) return `${pathname}${rest}`;
  return `/${locale}${pathname}${rest}`;
}

/** Whether `pathname` (without a language prefix) is one of the public pages kept per language. */
export function isLocalizablePath(pathname: string): boolean {
  return LOCALIZABLE.test(pathname);
}
