import { ANSWER_THREAD_SESSION_KEY } from "@nexus/contracts";
import { browserSessionStorage, type KeyValueStorage, readJsonItem } from "@/lib/storage.ts";

/** A thread this browser session keeps for an anonymous visitor, as the sidebar lists it. */
export interface SessionThreadLink {
  threadId: string;
  /** Its first question. */
  title: string;
}

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null;

function firstQuestion(messages: unknown[]): string {
  for (const message of messages) {
    if (!isRecord(message) || message.role !== "user" || !Array.isArray(message.parts)) continue;
    const text = message.parts
      .map((part) =>
        isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : "",
      )
      .join("")
      .trim();
    if (text !== "") return text;
  }
  return "";
}

function linkOf(value: unknown): SessionThreadLink | null {
  if (!isRecord(value) || typeof value.threadId !== "string" || !Array.isArray(value.messages)) {
    return null;
  }
  const title = firstQuestion(value.messages);
  return title === "" ? null : { threadId: value.threadId, title };
}

/**
 * The anonymous threads of this browser session, newest first (features/answer keeps them under
 * ANSWER_THREAD_SESSION_KEY: one thread object, or a list of them).
 */
export function readSessionThreadLinks(
  storage: KeyValueStorage | null = browserSessionStorage(),
): SessionThreadLink[] {
  const value = readJsonItem(storage, ANSWER_THREAD_SESSION_KEY);
  const list = Array.isArray(value)
    ? [...value].reverse()
    : isRecord(value) && Array.isArray(value.threads)
      ? [...value.threads].reverse()
      : [value];
  return list.flatMap((item) => {
    const link = linkOf(item);
    return link ? [link] : [];
  });
}
