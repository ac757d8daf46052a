import { z } from "zod";
import { focusModeSchema } from "./answer.ts";
import { citationChecksSchema } from "./citation-checks.ts";
import { chatKindSchema, threadSubjectSchema } from "./kinds.ts";
import { storedPartSchema } from "./stored-turn.ts";
import { usageCounterSchema } from "./tiers.ts";

/**
 * The custom parts and metadata of the answer stream (AI SDK UI-message protocol). Standard parts
 * (start, source-url, reasoning-*, text-*, error, finish) are the SDK's own; these are the
 * `data-<name>` parts and the message metadata.
 */

/** One numbered source; [n] in the answer is sources[n - 1]. */
export const answerSourceSchema = z.object({
  title: z.string(),
  url: z.string(),
  domain: z.string(),
  favicon: z.string().nullable(),
  snippet: z.string(),
  /**
   * A passage of a file its reader cannot open: the author's file, in a thread copied from a
   * share ("Continue in Nexus"). It keeps its title ("name, p. N") and snippet, never a link.
   */
  private: z.literal(true).optional(),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

export const answerImageSchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  pageUrl: z.string().optional(),
});
export type AnswerImage = z.infer<typeof answerImageSchema>;

export const answerVideoSchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  embedUrl: z.string().optional(),
});
export type AnswerVideo = z.infer<typeof answerVideoSchema>;

/**
 * data-status (transient: shown while it is true, never stored): the server is retrying the
 * model. `reason`: busy (429), error (5xx), network (unreachable).
 */
export const answerRetryStatusSchema = z.object({
  state: z.literal("retrying"),
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  reason: z.enum(["busy", "error", "network"]),
});
export type AnswerRetryStatus = z.infer<typeof answerRetryStatusSchema>;

/**
 * An address written in the question that could not be read (kept in the message and the saved
 * turn: the answer says so, and the page is not among its sources). `message`: "<host> could not
 * be reached." and the like.
 */
export const unreadUrlSchema = z.object({ url: z.string(), message: z.string() });
export type UnreadUrl = z.infer<typeof unreadUrlSchema>;
export const answerUnreadStatusSchema = unreadUrlSchema.extend({ state: z.literal("unread") });

/** data-status: the model is retried (transient), or an address of the question was not read. */
export const answerStatusSchema = z.discriminatedUnion("state", [
  answerRetryStatusSchema,
  answerUnreadStatusSchema,
]);
export type AnswerStatus = z.infer<typeof answerStatusSchema>;

/**
 * data-attachments: on a question (a user message, written by the page), the files attached to it.
 * The server never streams it; the page sends their ids as the request's `fileIds`.
 */
export const answerAttachmentSchema = z.object({ id: z.string(), name: z.string() });
export type AnswerAttachment = z.infer<typeof answerAttachmentSchema>;

/**
 * data-sources, data-images, data-videos, data-related, data-status (and data-attachments on a
 * question): the `data` of each part.
 */
export const answerDataPartSchemas = {
  attachments: z.array(answerAttachmentSchema),
  status: answerStatusSchema,
  sources: z.array(answerSourceSchema),
  images: z.array(answerImageSchema),
  videos: z.array(answerVideoSchema),
  related: z.array(z.string()),
  /** The reply's citations checked against their sources (issue 38; citation-checks.ts). */
  "citation-checks": citationChecksSchema,
};
export type AnswerDataParts = {
  [K in keyof typeof answerDataPartSchemas]: z.infer<(typeof answerDataPartSchemas)[K]>;
};

/** Message metadata: on `start` (ids, model) and on `finish` (timings added). */
export const answerMetadataSchema = z.object({
  entryId: z.string(),
  threadId: z.string(),
  model: z.string(),
  offline: z.boolean(),
  focusMode: focusModeSchema.optional(),
  /** The person stopped this answer (set by the page on a stop, and when a stopped turn is restored). */
  stopped: z.boolean().optional(),
  /** The standalone query searched for (a rewritten follow-up differs from the question). */
  query: z.string().optional(),
  timings: z
    .object({
      searchMs: z.number(),
      firstTokenMs: z.number().nullable(),
      totalMs: z.number(),
    })
    .optional(),
  /** A regenerated (or edited) answer's earlier versions, oldest first (its `finish` part). */
  versions: z.lazy(() => z.array(threadEntryVersionSchema)).optional(),
});
export type AnswerMetadata = z.infer<typeof answerMetadataSchema>;

/** results of a search history entry (spec §3). */
export const answerResultsSchema = z.object({
  markdown: z.string(),
  sources: z.array(answerSourceSchema),
  images: z.array(answerImageSchema),
  videos: z.array(answerVideoSchema),
  thinking: z.string(),
  related: z.array(z.string()).optional(),
  /** The model that wrote the answer ("provider/id"); absent on entries saved before it was kept. */
  model: z.string().optional(),
  /** Written by the built-in offline engine (labelled "Offline mode" when restored). */
  offline: z.boolean().optional(),
  /** The person stopped the answer: `markdown` is what had arrived by then. */
  stopped: z.boolean().optional(),
  /** The files attached to the question (it was answered from them alone, in Local). */
  attachments: z.array(answerAttachmentSchema).optional(),
  /** Addresses written in the question that could not be read (none of them is a source). */
  unread: z.array(unreadUrlSchema).optional(),
});
export type AnswerResults = z.infer<typeof answerResultsSchema>;

/** An earlier version of a turn: what it said before it was regenerated (or its question edited). */
export const threadEntryVersionSchema = z.object({
  query: z.string(),
  timestamp: z.string(),
  results: answerResultsSchema,
  /** The reply as saved UI-message parts (absent: saved before answers kept them). */
  parts: z.array(storedPartSchema).optional(),
});
export type ThreadEntryVersion = z.infer<typeof threadEntryVersionSchema>;

/** One answered turn of a thread. */
export const threadEntrySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  timestamp: z.string(),
  query: z.string(),
  focusMode: focusModeSchema,
  results: answerResultsSchema,
  /**
   * The reply as saved UI-message parts (stored-turn.ts); absent: saved before answers kept them
   * (storedTurnToMessages derives them from `results`).
   */
  parts: z.array(storedPartSchema).optional(),
  isBookmarked: z.boolean(),
  /** Its earlier versions, oldest first (absent: never regenerated); the turn is the latest. */
  versions: z.array(threadEntryVersionSchema).optional(),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

/** One message of a thread read back (the AI SDK's UIMessage: the web narrows parts, metadata). */
export const threadMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  parts: z.array(storedPartSchema),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * GET /api/threads/:threadId: one thread of the caller's, of any kind (ARCHITECTURE.md §3.1):
 * its kind, its subject (the agent, the document, the research question…) and its UI messages.
 */
export const threadResponseSchema = z.object({
  threadId: z.string(),
  kind: chatKindSchema,
  subject: threadSubjectSchema.nullable(),
  messages: z.array(threadMessageSchema),
  /**
   * Older readers: the thread's history turns, answer-shaped, oldest first (empty for a thread its
   * kind keeps elsewhere until it has a turn: a research still running).
   */
  entries: z.array(threadEntrySchema),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

/**
 * GET /api/threads/:threadId?kind=…&subject=…: the thread as one of this kind about this subject
 * (a thread of another kind or subject is missing). A kind whose threads open before their first
 * turn (a document chat, its id made by the web) answers a thread with no turn yet as an empty one
 * when it can name the subject for the caller.
 */
export const threadQuerySchema = z
  .object({ kind: chatKindSchema, subject: z.string().min(1).max(200) })
  .partial()
  .refine((q) => (q.kind === undefined) === (q.subject === undefined), {
    message: "Give both kind and subject, or neither.",
  });
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

/** 429 details when a quota is used up: which counter ran out, its limit and count. */
export const quotaExceededDetailsSchema = z.object({
  counter: usageCounterSchema,
  limit: z.number().int(),
  current: z.number().int(),
  tier: z.enum(["anonymous", "free", "pro"]),
  resetsAt: z.string(),
  upgrade: z.enum(["sign-in", "plans"]).nullable(),
});
export type QuotaExceededDetails = z.infer<typeof quotaExceededDetailsSchema>;
