import { z } from "zod";
import { AGENT_NEEDS_MODEL_HOW_TO } from "./agents-api.ts";
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
const LANGUAGE_CODES = Object.keys(NEXDOCS_AI_LANGUAGES) as [
  NexdocsAiLanguage,
  ...NexdocsAiLanguage[],
];

/** How much text one request carries: the selection, and the context around it (each side). */
export const NEXDOCS_AI_LIMITS = { selection: 8_000, context: 2_000 } as const;

/** The `needs_model` error of an AI edit on a server without a language model. */
export const NEXDOCS_AI_NEEDS_MODEL = `AI edits need a language model. ${AGENT_NEEDS_MODEL_HOW_TO}`;
/** The 429 of an AI edit with no search left. */
export const NEXDOCS_AI_QUOTA_MESSAGE =
  "You have reached your search limit: each AI edit counts as one search.";

export const nexdocsAiRequestSchema = z
  .strictObject({
    action: z.enum(NEXDOCS_AI_ACTIONS),
    tone: z.enum(NEXDOCS_AI_TONES).optional(),
    language: z.enum(LANGUAGE_CODES).optional(),
    /** The selected text (empty for "continue", which writes at the cursor). */
    selection: z.string().max(NEXDOCS_AI_LIMITS.selection).default(""),
    /** The document's text just before the selection or cursor (its tail is what counts). */
    before: z.string().max(NEXDOCS_AI_LIMITS.context).default(""),
    /** The document's text just after it. */
    after: z.string().max(NEXDOCS_AI_LIMITS.context).default(""),
  })
  .superRefine((body, ctx) => {
    if (body.action !== "continue" && body.selection.trim() === "")
      ctx.addIssue({ code: "custom", path: ["selection"], message: "Select some text first." });
    if (body.action === "continue" && body.selection.trim() === "" && body.before.trim() === "")
      ctx.addIssue({
        code: "custom",
        path: ["before"],
        message: "Write something first: continue writing follows the text before the cursor.",
      });
    if (body.action === "tone" && !body.tone)
      ctx.addIssue({ code: "custom", path: ["tone"], message: "Choose a tone." });
    if (body.action === "translate" && !body.language)
      ctx.addIssue({ code: "custom", path: ["language"], message: "Choose a language." });
  });
export type NexdocsAiRequest = z.infer<typeof nexdocsAiRequestSchema>;
export type NexdocsAiRequestInput = z.input<typeof nexdocsAiRequestSchema>;
