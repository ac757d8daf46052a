import { z } from "zod";

export const COLOR_THEMES = [
  "indigo",
  "lime",
  "blue",
  "green",
  "purple",
  "monochrome",
  "perplexity",
  "orange",
] as const;
export const colorThemeSchema = z.enum(COLOR_THEMES);
export type ColorTheme = z.infer<typeof colorThemeSchema>;
export const DEFAULT_COLOR_THEME: ColorTheme = "indigo";

export const MODES = ["light", "dark"] as const;
export type Mode = (typeof MODES)[number];

export function isColorTheme(value: unknown): value is ColorTheme {
  return typeof value === "string" && (COLOR_THEMES as readonly string[]).includes(value);
}

/** Keys of everything the browser keeps in local storage (spec §3 local preferences, §4 cleanup). */
export const STORAGE_KEYS = {
  emailForSignIn: "nexus.emailForSignIn",
  /** When emailForSignIn was stored (epoch ms as a string); the daily cleanup drops stale addresses. */
  emailForSignInSavedAt: "nexus.emailForSignInSavedAt",
  anonId: "nexus.anonId",
  mode: "nexus.mode",
  colorTheme: "nexus.colorTheme",
  /** The interface language chosen in this browser (anonymous visitors; the account's, cached). */
  uiLanguage: "nexus.uiLanguage",
  lastCleanup: "nexus.lastCleanup",
  draftPrefix: "nexus.draft.",
  cachePrefix: "nexus.cache.",
} as const;
