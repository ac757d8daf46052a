import { ANSWER_THREAD_SESSION_KEY, type FocusMode } from "@nexus/contracts";
import {
  browserSessionStorage,
  type KeyValueStorage,
  readJsonItem,
  removeItem,
  writeItem,
} from "@/lib/storage.ts";
import type { AnswerUIMessage } from "./answer-message.ts";

/** The tab's copy of an anonymous visitor's current thread (the server keeps nothing for them). */
export interface SessionThread {
  threadId: string;
  focusMode: FocusMode;
  messages: AnswerUIMessage[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isMessage(value: unknown): value is AnswerUIMessage {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    (value.role === "user" || value.role === "assistant") &&
    Array.isArray(value.parts) &&
    value.parts.every((part) => isRecord(part) && typeof part.type === "string")
  );
}

/**
 * Only finished turns are kept: a question with no answer after it, or an answer still streaming,
 * is dropped.
 */
export function finishedMessages(messages: readonly AnswerUIMessage[]): AnswerUIMessage[] {
  const kept: AnswerUIMessage[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role !== "user") continue;
    const answer = messages[index + 1];
    if (answer?.role !== "assistant") continue;
    const streaming = answer.parts.some(
      (part) => (part.type === "text" || part.type === "reasoning") && part.state === "streaming",
    );
    if (streaming) continue;
    kept.push(message, answer);
  }
  return kept;
}

export function saveSessionThread(
  thread: SessionThread,
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  const messages = finishedMessages(thread.messages);
  if (messages.length === 0) return;
  writeItem(storage, ANSWER_THREAD_SESSION_KEY, JSON.stringify({ ...thread, messages }));
}

/** The saved thread when it is `threadId`, else null. */
export function loadSessionThread(
  threadId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): SessionThread | null {
  const value = readJsonItem(storage, ANSWER_THREAD_SESSION_KEY);
  if (!isRecord(value) || value.threadId !== threadId) return null;
  const { focusMode, messages } = value;
  if (typeof focusMode !== "string" || !Array.isArray(messages) || !messages.every(isMessage)) {
    return null;
  }
  return { threadId, focusMode: focusMode as FocusMode, messages: finishedMessages(messages) };
}

export function clearSessionThread(
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  removeItem(storage, ANSWER_THREAD_SESSION_KEY);
}
