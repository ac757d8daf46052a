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

/**
 * The first interface language an Accept-Language header asks for ("de-CH,de;q=0.9,en;q=0.8" →
 * "de"), by weight then order; null when it names none of ours (or no header).
 */
export function languageFromAcceptLanguage(header: string | null | undefined): UiLanguage | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    const base = tag.split("-")[0] ?? "";
    const found = UI_LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return null;
}
