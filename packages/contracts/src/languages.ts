/**
 * The interface's languages (Settings → Language): constants only, no zod, so the landing page's
 * first bundle can read them (src/lib/i18n on the web). English is every catalogue's source.
 * personal.ts has the schema (uiLanguageSchema).
 */
export const UI_LANGUAGES = ["en", "de", "fr", "es", "ja", "ar"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly UiLanguage[] = ["ar"];
