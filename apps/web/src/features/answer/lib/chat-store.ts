import { Chat } from "@ai-sdk/react";
import {
  type AnswerAttachment,
  type AnswerRetryStatus,
  answerDataPartSchemas,
  answerMetadataSchema,
  type FocusMode,
} from "@nexus/contracts";
import { DefaultChatTransport } from "ai";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { createAnswerFetch } from "./answer-fetch.ts";
import { type AnswerUIMessage, attachmentsOf, questionMessage } from "./answer-message.ts";
import { saveSessionThread } from "./session-thread.ts";
import { markStopped } from "./stopped-turn.ts";

/** Who a chat belongs to: the signed-in user's id, or "anonymous". */
export type ChatOwner = string;
export const ANONYMOUS_OWNER: ChatOwner = "anonymous";

export interface ThreadSettings {
  focusMode: FocusMode;
  reasoning: boolean;
}

/** One thread's live chat. Kept outside React so a remount never restarts or loses a stream. */
export interface ThreadChat {
  threadId: string;
  owner: ChatOwner;
  chat: Chat<AnswerUIMessage>;
  settings: ThreadSettings;
  /** The answer was stopped by the user (cleared by the next request). */
  stopped: boolean;
  /** The server is retrying the model for the running answer (data-status), else null. */
  retrying: LiveValue<AnswerRetryStatus | null>;
}

/** A value React reads with useSyncExternalStore (see use-retry-status.ts). */
export interface LiveValue<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

function liveValue<T>(initial: T): LiveValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Chats kept for back/forward; the oldest idle one goes first. */
const MAX_CHATS = 20;
const chats = new Map<string, ThreadChat>();

/** Only the text of each message goes to the server; it reads nothing else. */
function slim(message: AnswerUIMessage) {
  return {
    id: message.id,
    role: message.role,
    parts: message.parts.flatMap((part) =>
      part.type === "text" ? [{ type: "text" as const, text: part.text }] : [],
    ),
  };
}

function lastUserIndex(messages: readonly AnswerUIMessage[]): number {
  return messages.map((message) => message.role).lastIndexOf("user");
}

function evictIdle(): void {
  for (const [id, entry] of chats) {
    if (chats.size < MAX_CHATS) return;
    if (entry.chat.status === "ready" || entry.chat.status === "error") chats.delete(id);
  }
}

export function createThreadChat(options: {
  threadId: string;
  owner: ChatOwner;
  settings: ThreadSettings;
  messages?: AnswerUIMessage[];
}): ThreadChat {
  evictIdle();
  const { threadId, owner } = options;
  const transport = new DefaultChatTransport<AnswerUIMessage>({
    api: `${API_BASE_URL}/answer`,
    credentials: "same-origin",
    headers: () => ({ [ANON_ID_HEADER_NAME]: getAnonId() }),
    fetch: createAnswerFetch(),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => {
      entry.retrying.set(null);
      // The question's attached files (kept on it, so a regenerated answer reads them again).
      const question = messages[lastUserIndex(messages)];
      const fileIds = question ? attachmentsOf(question).map((file) => file.id) : [];
      return {
        body: {
          id,
          messages: messages.map(slim),
          trigger,
          messageId,
          threadId,
          focusMode: fileIds.length > 0 ? "local" : entry.settings.focusMode,
          reasoning: entry.settings.reasoning,
          ...(fileIds.length > 0 ? { fileIds } : {}),
        },
      };
    },
  });
  const chat = new Chat<AnswerUIMessage>({
    id: threadId,
    messages: options.messages ?? [],
    transport,
    messageMetadataSchema: answerMetadataSchema,
    dataPartSchemas: answerDataPartSchemas,
    // Transient parts are not kept in the message: the retry status lives beside the chat.
    onData: (part) => {
      if (part.type === "data-status" && part.data.state === "retrying")
        entry.retrying.set(part.data);
    },
    onFinish: ({ messages, isAbort, isError, isDisconnect }) => {
      entry.retrying.set(null);
      // A stopped answer stays, as far as it got, marked stopped (the server saved it likewise).
      const ended = isAbort ? markStopped(messages) : messages;
      if (isAbort) chat.messages = ended;
      if (owner !== ANONYMOUS_OWNER) return;
      // A failed answer is not kept (the server kept none either); finished and stopped ones are.
      const failed = isError || isDisconnect;
      const kept = failed ? ended.slice(0, Math.max(lastUserIndex(ended), 0)) : ended;
      saveSessionThread({ threadId, focusMode: entry.settings.focusMode, messages: kept });
    },
  });
  const entry: ThreadChat = {
    threadId,
    owner,
    chat,
    settings: { ...options.settings },
    stopped: false,
    retrying: liveValue<AnswerRetryStatus | null>(null),
  };
  chats.set(threadId, entry);
  return entry;
}

/** The live chat of a thread, unless it belongs to someone else (then it is dropped). */
export function getThreadChat(threadId: string, owner: ChatOwner): ThreadChat | undefined {
  const entry = chats.get(threadId);
  if (!entry) return undefined;
  if (entry.owner !== owner) {
    void entry.chat.stop();
    chats.delete(threadId);
    return undefined;
  }
  // Most recently used last, so eviction takes the oldest.
  chats.delete(threadId);
  chats.set(threadId, entry);
  return entry;
}

/** Starts a new thread with its first question (and the files attached to it). */
export function startThread(options: {
  threadId: string;
  owner: ChatOwner;
  settings: ThreadSettings;
  query: string;
  attachments?: readonly AnswerAttachment[];
}): ThreadChat {
  const entry = createThreadChat(options);
  void entry.chat.sendMessage(questionMessage(options.query, options.attachments ?? []));
  return entry;
}

/** For tests and sign-out: forget every chat. */
export function clearThreadChats(): void {
  for (const entry of chats.values()) void entry.chat.stop();
  chats.clear();
}
