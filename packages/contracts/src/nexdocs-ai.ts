import { z } from "zod";
import { AGENT_NEEDS_MODEL_HOW_TO } from "./agents-api.ts";
import {
  NEXDOCS_AI_ACTIONS,
  NEXDOCS_AI_LANGUAGES,
  NEXDOCS_AI_LIMITS,
  NEXDOCS_AI_TONES,
  type NexdocsAiLanguage,
} from "./nexdocs-ai-constants.ts";

/** POST /api/nexdocs/:id/ai's body and errors (constants the editor reads: nexdocs-ai-constants.ts). */
const LANGUAGE_CODES = Object.keys(NEXDOCS_AI_LANGUAGES) as [
  NexdocsAiLanguage,
  ...NexdocsAiLanguage[],
];

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
