/**
 * The interface's languages (Settings → Language): constants only, no zod, so the landing page's
 * first bundle can read them (src/lib/i18n on the web). English is every catalogue's source.
 * personal.ts has the schema (uiLanguageSchema).
 */
export const UI_LANGUAGES = ["en", "de", "fr", "es", "ja", "ar"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly UiLanguage[] = ["ar"];

/** How each language is named: in English (what the model is told) and in itself (the menu). */
export const LANGUAGE_NAMES: Readonly<Record<UiLanguage, { english: string; native: string }>> = {
  en: { english: "English", native: "English" },
  de: { english: "German", native: "Deutsch" },
  fr: { english: "French", native: "Français" },
  es: { english: "Spanish", native: "Español" },
  ja: { english: "Japanese", native: "日本語" },
  ar: { english: "Arabic", native: "العربية" },
};
