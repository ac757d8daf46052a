import type { Chat } from "@ai-sdk/react";
import type { AnswerRetryStatus } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { createChatStore } from "@/lib/chat/chat-store.ts";
import { createChat } from "@/lib/chat/create-chat.ts";
import type { LiveValue } from "@/lib/chat/live-value.ts";
import type { SideChatUIMessage } from "./side-chat-message.ts";

/** What the next question searches beside the document (the composer's toggles). */
export interface SideChatScope {
  web: boolean;
  files: boolean;
}

/** One side-chat thread's live chat, kept outside React so closing the panel never loses it. */
export interface SideChat {
  key: string;
  documentId: string;
  threadId: string;
  chat: Chat<SideChatUIMessage>;
  retrying: LiveValue<AnswerRetryStatus | null>;
  /** Sent with each request. */
  scope: SideChatScope;
}

const chats = createChatStore<SideChat>("nexdocs-chat");

const keyOf = (owner: string, documentId: string, threadId: string) =>
  `${owner}:${documentId}:${threadId}`;

/** POST here: the side chat (nexdocsChatRequestSchema). */
export const sideChatUrl = (documentId: string) =>
  `${API_BASE_URL}/nexdocs/${encodeURIComponent(documentId)}/chat`;

export function findSideChat(owner: string, documentId: string, threadId: string) {
  return chats.find(keyOf(owner, documentId, threadId));
}

/** The live chat of a side-chat thread, seeded with its saved messages (once). */
export function openSideChat(options: {
  owner: string;
  documentId: string;
  threadId: string;
  messages: SideChatUIMessage[];
}): SideChat {
  return chats.open(keyOf(options.owner, options.documentId, options.threadId), () => {
    const key = chats.nextKey();
    const scope: SideChatScope = { web: false, files: false };
    const { chat, retrying } = createChat<SideChatUIMessage>({
      id: key,
      api: sideChatUrl(options.documentId),
      messages: options.messages,
      body: () => ({ threadId: options.threadId, web: scope.web, files: scope.files }),
    });
    return {
      key,
      documentId: options.documentId,
      threadId: options.threadId,
      chat,
      retrying,
      scope,
    };
  });
}
