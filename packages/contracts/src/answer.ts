import { z } from "zod";
import { FOCUS_MODES, MAX_ATTACHED_FILES } from "./answer-constants.ts";

export const focusModeSchema = z.enum(FOCUS_MODES);
export type FocusMode = z.infer<typeof focusModeSchema>;

const textPartSchema = z.object({ type: z.literal("text"), text: z.string() });
/** Any other UI message part (source, reasoning, data-…): kept out of the question. */
const otherPartSchema = z.looseObject({ type: z.string() });

/** A UI message as useChat sends it; only text parts are read. */
export const chatRequestMessageSchema = z.looseObject({
  id: z.string().max(200).optional(),
  role: z.enum(["user", "assistant", "system"]),
  parts: z.array(z.union([textPartSchema, otherPartSchema])).max(200),
});
export type ChatRequestMessage = z.infer<typeof chatRequestMessageSchema>;

/**
 * POST /api/answer. The question is `text`, or the text of `message` (a user UI message), or the
 * text of the LAST user message in `messages` (what AI SDK's DefaultChatTransport sends:
 * `{ id, messages, trigger, messageId, ...body }`). Extra transport fields are ignored.
 */
export const answerRequestSchema = z
  .looseObject({
    text: z.string().optional(),
    message: chatRequestMessageSchema.optional(),
    messages: z.array(chatRequestMessageSchema).max(500).optional(),
    /** The chat id the transport sends; the thread is `threadId`. */
    id: z.string().max(200).optional(),
    trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
    messageId: z.string().max(200).optional(),
    threadId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, "threadId must be an id")
      .optional(),
    focusMode: focusModeSchema.default("web"),
    reasoning: z.boolean().default(false),
    /**
     * Files the person attached to this question (their own, ready): it is answered in the Local
     * focus from these files only. A foreign or missing id is a 404, a file not ready yet a 409,
     * and an anonymous caller (who has no files) is asked to sign in (401).
     */
    fileIds: z.array(z.guid()).max(MAX_ATTACHED_FILES).optional(),
  })
  .refine((body) => body.text !== undefined || body.message || body.messages, {
    message: "A question is required",
  });
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

function textOf(message: ChatRequestMessage): string {
  return message.parts
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("")
    .trim();
}

/** The question of an answer request: `text`, `message`, or the last user message. */
export function questionOf(body: AnswerRequest): string {
  if (body.text !== undefined) return body.text.trim();
  if (body.message) return textOf(body.message);
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === "user");
  return lastUser ? textOf(lastUser) : "";
}

/** Earlier turns the client sent (useChat's history), oldest first, without the question. */
export function earlierTurnsOf(body: AnswerRequest): { query: string; answer: string }[] {
  const messages = body.messages ?? [];
  const turns: { query: string; answer: string }[] = [];
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  for (const [i, message] of messages.slice(0, Math.max(lastUser, 0)).entries()) {
    if (message.role !== "user") continue;
    const next = messages[i + 1];
    turns.push({
      query: textOf(message),
      answer: next?.role === "assistant" ? textOf(next) : "",
    });
  }
  return turns;
}
