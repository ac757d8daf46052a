import { z } from "zod";
import { focusModeSchema } from "./answer.ts";
import { answerImageSchema, answerSourceSchema, answerVideoSchema } from "./chat-message.ts";
import { CUSTOM_AGENT_COLORS } from "./custom-agents.ts";
import { entryIdSchema } from "./feedback.ts";
import { chatKindSchema, threadSubjectSchema } from "./kinds.ts";

/**
 * Share links. Ids are 22 random alphanumerics (≥ 128 bits); a thread share's id starts with
 * THREAD_SHARE_PREFIX so /share/:shareId knows which kind it is and which not-found message to use.
 */
export const THREAD_SHARE_PREFIX = "t";
/** A NexDocs document's link (issue 40) starts with this. */
export const NEXDOCS_SHARE_PREFIX = "d";
export const shareIdSchema = z.string().regex(/^[td]?[A-Za-z0-9]{22}$/);

export function isThreadShareId(shareId: string): boolean {
  return shareId.length === 23 && shareId.startsWith(THREAD_SHARE_PREFIX);
}

export function isNexdocsShareId(shareId: string): boolean {
  return shareId.length === 23 && shareId.startsWith(NEXDOCS_SHARE_PREFIX);
}

/**
 * A shared NexDocs document as a reader gets it: its title and its body as Markdown (citations as
 * numbered links and a Sources list, images as addresses under the share), drawn by the app's one
 * sanitising renderer. It is the document as it is now (a live link, not a snapshot).
 */
export const sharedNexdocsSchema = z.object({
  title: z.string(),
  markdown: z.string(),
  updatedAt: z.string(),
  /** When the link was made. */
  timestamp: z.string(),
});
export type SharedNexdocs = z.infer<typeof sharedNexdocsSchema>;

/**
 * The agent a shared reply or thread was with (absent: an answer of the search). `agentId` is a
 * preset's id or "custom:<id>"; a custom agent's name, emoji and colour are those at sharing time.
 */
export const sharedAgentSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  /** A preset's icon name (the app's icon map). */
  icon: z.string().optional(),
  emoji: z.string().optional(),
  color: z.enum(CUSTOM_AGENT_COLORS).optional(),
});
export type SharedAgent = z.infer<typeof sharedAgentSchema>;

/** An agent reply's UI-message parts (text, reasoning, tool-<name>…), shown read-only. */
export const sharedPartsSchema = z.array(z.looseObject({ type: z.string() }));
export type SharedParts = z.infer<typeof sharedPartsSchema>;

/** Spec §3 Share: one answer, a snapshot at the time of sharing. */
export const sharedAnswerSchema = z.object({
  content: z.string(),
  thinkingContent: z.string(),
  sources: z.array(answerSourceSchema),
  images: z.array(answerImageSchema),
  videos: z.array(answerVideoSchema),
  query: z.string(),
  focusMode: focusModeSchema,
  isPdfFlow: z.boolean(),
  isReasoningMode: z.boolean(),
  /** Answered by the built-in offline engine, not a model (beyond the spec's fields). */
  offline: z.boolean(),
  timestamp: z.string(),
  /** An agent's reply: the agent and the reply's parts (its tool blocks). */
  agent: sharedAgentSchema.optional(),
  parts: sharedPartsSchema.optional(),
});
export type SharedAnswer = z.infer<typeof sharedAnswerSchema>;

/** One message of a shared thread (oldest first). */
export const sharedThreadMessageSchema = z.object({
  query: z.string(),
  content: z.string(),
  thinkingContent: z.string(),
  sources: z.array(answerSourceSchema),
  images: z.array(answerImageSchema),
  videos: z.array(answerVideoSchema),
  /** Answered by the built-in offline engine, not a model. */
  offline: z.boolean(),
  timestamp: z.string(),
  parts: sharedPartsSchema.optional(),
});
export type SharedThreadMessage = z.infer<typeof sharedThreadMessageSchema>;

/** Spec §3 Thread share: the thread with its (non-empty) messages, plus the time of sharing. */
export const sharedThreadSchema = z.object({
  threadId: z.string(),
  title: z.string(),
  focusMode: focusModeSchema,
  messages: z.array(sharedThreadMessageSchema).min(1),
  firstTimestamp: z.string(),
  latestTimestamp: z.string(),
  timestamp: z.string(),
  /** A conversation with an agent: which (its messages carry their parts). */
  agent: sharedAgentSchema.optional(),
});
export type SharedThread = z.infer<typeof sharedThreadSchema>;

/** GET /api/shares/:shareId (public, read-only). */
export const publicShareSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("answer"), shareId: z.string(), answer: sharedAnswerSchema }),
  z.object({ kind: z.literal("thread"), shareId: z.string(), thread: sharedThreadSchema }),
  z.object({ kind: z.literal("nexdoc"), shareId: z.string(), document: sharedNexdocsSchema }),
]);
export type PublicShare = z.infer<typeof publicShareSchema>;

/**
 * POST /api/shares: share one of your answers (entryId), a whole thread of yours (threadId) or
 * one of your NexDocs documents (documentId).
 */
export const createShareRequestSchema = z.union([
  z.object({ entryId: entryIdSchema }).strict(),
  z.object({ threadId: entryIdSchema }).strict(),
  z.object({ documentId: z.string().min(1).max(64) }).strict(),
]);
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;

/** A link its owner made (settings lists them; DELETE /api/shares/:shareId revokes one). */
export const myShareSchema = z.object({
  shareId: z.string(),
  /** "nexdoc": a NexDocs document (not a chat kind: a document is shared as it is now). */
  kind: z.enum(["answer", "thread", "nexdoc"]),
  title: z.string(),
  /** Absolute link to /share/:shareId. */
  url: z.string(),
  createdAt: z.string(),
  /** The chat kind of what it shares (kinds.ts), its label and subject, as the kind declares. */
  chatKind: chatKindSchema.default("answer"),
  chatLabel: z.string().default("Answer"),
  subject: threadSubjectSchema.nullable().default(null),
});
export type MyShare = z.infer<typeof myShareSchema>;
export const myShareListSchema = z.object({ shares: z.array(myShareSchema) });
export type MyShareList = z.infer<typeof myShareListSchema>;

/** POST /api/shares/:shareId/copy: "continue in Nexus" for a signed-in visitor. */
export const copyShareResponseSchema = z.object({
  threadId: z.string(),
  /** The copy goes on with this agent (a preset's id or "custom:<id>"); absent: an answer thread. */
  agentId: z.string().optional(),
  /** Where the copy opens (its kind's thread link). */
  href: z.string(),
});
export type CopyShareResponse = z.infer<typeof copyShareResponseSchema>;
