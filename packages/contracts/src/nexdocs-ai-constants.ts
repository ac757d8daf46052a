// No zod here: the NexDocs editor reads these (nexdocs-ai.ts has the request schema), and a
// schema built at the top of a module would bring zod into the editor's chunk.
import { LANGUAGE_NAMES } from "./languages.ts";

/**
 * NexDocs' AI edits (issue 40, scope 3): POST /api/nexdocs/:id/ai streams the model's text for one
 * action on the selection (or, for "continue", at the cursor) as a UI message stream; the editor
 * shows it as a suggestion the person accepts or rejects. Each action counts as one search.
 */
export const NEXDOCS_AI_ACTIONS = [
  "improve",
  "shorten",
  "expand",
  "grammar",
  "tone",
  "translate",
  "continue",
  "explain",
] as const;
export type NexdocsAiAction = (typeof NEXDOCS_AI_ACTIONS)[number];

export const NEXDOCS_AI_TONES = ["professional", "friendly", "confident", "casual"] as const;
export type NexdocsAiTone = (typeof NEXDOCS_AI_TONES)[number];

/** The languages a selection is translated to: the app's six, then a few more. */
export const NEXDOCS_AI_LANGUAGES = {
  ...LANGUAGE_NAMES,
  it: { english: "Italian", native: "Italiano" },
  pt: { english: "Portuguese", native: "Português" },
  zh: { english: "Chinese (Simplified)", native: "简体中文" },
  ko: { english: "Korean", native: "한국어" },
} as const;
export type NexdocsAiLanguage = keyof typeof NEXDOCS_AI_LANGUAGES;

/** How much text one request carries: the selection, and the context around it (each side). */
export const NEXDOCS_AI_LIMITS = { selection: 8_000, context: 2_000 } as const;
