import type { Chat } from "@ai-sdk/react";
import type { UIMessage } from "ai";
import { createChatRegistry } from "./chat-registry.ts";

/**
 * The messages with their last reply marked stopped: its open text and reasoning parts closed as
 * they are and `metadata.stopped` set, so the turn is kept (the tab's copy, the server's stopped
 * turn) and shown with "Stopped" and Regenerate. Every chat kind stops this way (createChat).
 */
export function markStopped<M extends UIMessage>(messages: readonly M[]): M[] {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return [...messages];
  const parts = last.parts.map((part) =>
    (part.type === "text" || part.type === "reasoning") && part.state === "streaming"
      ? { ...part, state: "done" as const }
      : part,
  );
  return [
    ...messages.slice(0, -1),
    { ...last, parts, metadata: { ...(last.metadata as object), stopped: true } } as M,
  ];
}

/** What every kind's live chat entry has: the AI SDK chat it wraps. */
interface ChatEntry {
  // biome-ignore lint/suspicious/noExplicitAny: an entry of any kind's message type
  chat: Chat<any>;
}

/**
 * The live chats of one chat kind, kept outside React so that navigation (back/forward, a new
 * conversation getting its URL, a remount) never restarts or loses a stream: at most `max`, the
 * least recently used idle one going first (chat-registry.ts). Each kind's store is this plus the
 * keys it finds its chats by and what it sends with each request.
 */
export interface ChatStore<E extends ChatEntry> {
  find: (key: string) => E | undefined;
  /** The chat under `key`, else `create()`'s, kept under `key` (StrictMode renders get the same). */
  open: (key: string, create: () => E) => E;
  /** Keeps `entry` under `key` too (a new conversation the server has named). */
  keep: (key: string, entry: E) => void;
  /** Forgets the chat under `key`, stopping it. */
  drop: (key: string) => void;
  /** For tests and sign-out: stops and forgets every chat. */
  clear: () => void;
  /** A key unique in this tab for a new chat (React keys its screen by it). */
  nextKey: () => string;
}

export function createChatStore<E extends ChatEntry>(prefix: string, max = 20): ChatStore<E> {
  const chats = createChatRegistry<E>({
    max,
    isIdle: (entry) => entry.chat.status === "ready" || entry.chat.status === "error",
  });
  let created = 0;
  return {
    find: (key) => chats.get(key),
    open: (key, create) => {
      const found = chats.get(key);
      if (found) return found;
      const entry = create();
      chats.set(key, entry);
      return entry;
    },
    keep: (key, entry) => chats.set(key, entry),
    drop: (key) => {
      const entry = chats.get(key);
      if (!entry) return;
      void entry.chat.stop();
      chats.delete(key);
    },
    clear: () => {
      for (const entry of chats.values()) void entry.chat.stop();
      chats.clear();
    },
    nextKey: () => {
      created += 1;
      return `${prefix}-${created}`;
    },
  };
}
