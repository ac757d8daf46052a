import { RTL_LANGUAGES, UI_LANGUAGES, type UiLanguage } from "@nexus/contracts";

/** The interface's languages (en, de, fr, es, ja, ar); English is every catalogue's source. */
export type Locale = UiLanguage;
export const LOCALES: readonly Locale[] = UI_LANGUAGES;
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return RTL_LANGUAGES.includes(locale) ? "rtl" : "ltr";
}

/** The first of the browser's languages (navigator.languages, in order) that we have: "de-AT" → de. */
export function fromBrowser(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * The interface language: the one chosen for the account, else the one chosen in this browser
 * (anonymous visitors keep theirs in localStorage), else the browser's preference, else English.
 * Values that are not one of ours are ignored.
 */
export function chooseLocale(options: {
  account?: unknown;
  stored?: unknown;
  browser: readonly string[];
}): Locale {
  if (isLocale(options.account)) return options.account;
  if (isLocale(options.stored)) return options.stored;
  return fromBrowser(options.browser) ?? DEFAULT_LOCALE;
}
