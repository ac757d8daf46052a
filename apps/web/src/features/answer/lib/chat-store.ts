import type { Chat } from "@ai-sdk/react";
import {
  type AnswerAttachment,
  type AnswerRetryStatus,
  answerDataPartSchemas,
  answerMetadataSchema,
  type FocusMode,
} from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { createChatStore } from "@/lib/chat/chat-store.ts";
import { createChat } from "@/lib/chat/create-chat.ts";
import type { LiveValue } from "@/lib/chat/live-value.ts";
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

/** Chats kept for back/forward, by thread id. */
const chats = createChatStore<ThreadChat>("answer-chat");

function lastUserIndex(messages: readonly AnswerUIMessage[]): number {
  return messages.map((message) => message.role).lastIndexOf("user");
}

export function createThreadChat(options: {
  threadId: string;
  owner: ChatOwner;
  settings: ThreadSettings;
  messages?: AnswerUIMessage[];
}): ThreadChat {
  const { threadId, owner } = options;
  const settings = { ...options.settings };
  const { chat, retrying } = createChat<AnswerUIMessage>({
    id: threadId,
    api: `${API_BASE_URL}/answer`,
    ...(options.messages ? { messages: options.messages } : {}),
    dataPartSchemas: answerDataPartSchemas,
    messageMetadataSchema: answerMetadataSchema,
    body: (messages) => {
      // The question's attached files (kept on it, so a regenerated answer reads them again).
      const question = messages[lastUserIndex(messages)];
      const fileIds = question ? attachmentsOf(question).map((file) => file.id) : [];
      return {
        threadId,
        focusMode: fileIds.length > 0 ? "local" : settings.focusMode,
        reasoning: settings.reasoning,
        ...(fileIds.length > 0 ? { fileIds } : {}),
      };
    },
    // A stopped answer stays, as far as it got, marked stopped (the server saved it likewise).
    markStopped,
    onFinish: ({ messages, isError, isDisconnect }) => {
      if (owner !== ANONYMOUS_OWNER) return;
      // A failed answer is not kept (the server kept none either); finished and stopped ones are.
      const failed = isError || isDisconnect;
      const kept = failed ? messages.slice(0, Math.max(lastUserIndex(messages), 0)) : messages;
      saveSessionThread({ threadId, focusMode: settings.focusMode, messages: kept });
    },
  });
  const entry: ThreadChat = { threadId, owner, chat, settings, stopped: false, retrying };
  chats.keep(threadId, entry);
  return entry;
}

/** The live chat of a thread, unless it belongs to someone else (then it is dropped). */
export function getThreadChat(threadId: string, owner: ChatOwner): ThreadChat | undefined {
  const entry = chats.find(threadId);
  if (!entry) return undefined;
  if (entry.owner !== owner) {
    chats.drop(threadId);
    return undefined;
  }
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
export const clearThreadChats = (): void => chats.clear();
