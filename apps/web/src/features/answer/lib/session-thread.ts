import { ANSWER_THREAD_SESSION_KEY, type FocusMode } from "@nexus/contracts";
import {
  browserSessionStorage,
  type KeyValueStorage,
  readJsonItem,
  removeItem,
  writeItem,
} from "@/lib/storage.ts";
import type { AnswerUIMessage } from "./answer-message.ts";

/** The tab's copy of one anonymous thread (the server keeps nothing for anonymous visitors). */
export interface SessionThread {
  threadId: string;
  focusMode: FocusMode;
  messages: AnswerUIMessage[];
}

/** Threads kept per tab, the most recently used first. */
export const SESSION_THREADS_MAX = 20;

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
 * Only ended turns are kept (finished, or stopped: closed by markStopped): a question with no
 * answer after it, or an answer still streaming, is dropped.
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

function toThread(value: unknown): SessionThread | null {
  if (!isRecord(value)) return null;
  const { threadId, focusMode, messages } = value;
  if (typeof threadId !== "string" || typeof focusMode !== "string") return null;
  if (!Array.isArray(messages) || !messages.every(isMessage)) return null;
  return { threadId, focusMode: focusMode as FocusMode, messages: finishedMessages(messages) };
}

/** Every anonymous thread of this tab, the most recently used first (malformed ones skipped). */
export function listSessionThreads(
  storage: KeyValueStorage | null = browserSessionStorage(),
): SessionThread[] {
  const value = readJsonItem(storage, ANSWER_THREAD_SESSION_KEY);
  if (!isRecord(value) || !Array.isArray(value.threads)) return [];
  return value.threads.flatMap((t) => {
    const thread = toThread(t);
    return thread && thread.messages.length > 0 ? [thread] : [];
  });
}

/** Saves a thread's ended turns as the tab's most recent thread (others stay, up to the cap). */
export function saveSessionThread(
  thread: SessionThread,
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  const messages = finishedMessages(thread.messages);
  if (messages.length === 0) return;
  const others = listSessionThreads(storage).filter((t) => t.threadId !== thread.threadId);
  const threads = [{ ...thread, messages }, ...others].slice(0, SESSION_THREADS_MAX);
  writeItem(storage, ANSWER_THREAD_SESSION_KEY, JSON.stringify({ threads }));
}

/** The saved thread `threadId`, else null. */
export function loadSessionThread(
  threadId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): SessionThread | null {
  return listSessionThreads(storage).find((t) => t.threadId === threadId) ?? null;
}

export function clearSessionThread(
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  removeItem(storage, ANSWER_THREAD_SESSION_KEY);
}
