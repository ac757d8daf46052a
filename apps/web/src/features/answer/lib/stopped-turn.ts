import { markStopped as markReplyStopped } from "@/lib/chat/chat-store.ts";
import type { AnswerUIMessage } from "./answer-message.ts";

/**
 * The messages with their last answer marked stopped (chat-store.ts's markStopped), once the
 * answer has started (its `start` metadata names the entry the server keeps): the turn is kept
 * (the tab's copy, the server's stopped entry) and shown with "Stopped" and Regenerate.
 */
export function markStopped(messages: readonly AnswerUIMessage[]): AnswerUIMessage[] {
  return messages.at(-1)?.metadata ? markReplyStopped(messages) : [...messages];
}

/** The answer was stopped by the person (live, or restored from a stopped entry). */
export const isStopped = (message: AnswerUIMessage | undefined): boolean =>
  message?.metadata?.stopped === true;
