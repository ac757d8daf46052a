import type { Chat } from "@ai-sdk/react";
import type { AnswerRetryStatus } from "@nexus/contracts";
import { createChatStore } from "@/lib/chat/chat-store.ts";
import { createChat } from "@/lib/chat/create-chat.ts";
import type { LiveValue } from "@/lib/chat/live-value.ts";
import { documentChatUrl } from "../api/document-chat.ts";
import { type DocumentUIMessage, documentDataPartSchemas } from "./document-message.ts";

/** One document thread's live chat, kept outside React so a remount never loses its stream. */
export interface DocumentChat {
  key: string;
  documentId: string;
  threadId: string;
  chat: Chat<DocumentUIMessage>;
  retrying: LiveValue<AnswerRetryStatus | null>;
  /** Reasoning mode for the next question (sent with each request). */
  reasoning: { on: boolean };
}

const chats = createChatStore<DocumentChat>("document-chat");

const keyOf = (owner: string, documentId: string, threadId: string) =>
  `${owner}:${documentId}:${threadId}`;

export function findDocumentChat(
  owner: string,
  documentId: string,
  threadId: string,
): DocumentChat | undefined {
  return chats.find(keyOf(owner, documentId, threadId));
}

/** The live chat of a document thread, seeded with its saved messages (once). */
export function openDocumentChat(options: {
  owner: string;
  documentId: string;
  threadId: string;
  messages: DocumentUIMessage[];
  fetch?: typeof fetch;
}): DocumentChat {
  return chats.open(keyOf(options.owner, options.documentId, options.threadId), () =>
    createDocumentChat(options),
  );
}

function createDocumentChat(options: {
  documentId: string;
  threadId: string;
  messages: DocumentUIMessage[];
  fetch?: typeof fetch;
}): DocumentChat {
  const key = chats.nextKey();
  const reasoning = { on: false };
  const { chat, retrying } = createChat<DocumentUIMessage>({
    id: key,
    api: documentChatUrl(options.documentId),
    messages: options.messages,
    // A regenerated reply is named (`regenerate`): the server replaces it, keeping it as a version.
    body: (_messages, { trigger, messageId }) => ({
      threadId: options.threadId,
      reasoning: reasoning.on,
      ...(trigger === "regenerate-message" && messageId ? { regenerate: messageId } : {}),
    }),
    dataPartSchemas: documentDataPartSchemas,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    key,
    documentId: options.documentId,
    threadId: options.threadId,
    chat,
    retrying,
    reasoning,
  };
}

/** For tests and sign-out: forget every chat. */
export const clearDocumentChats = (): void => chats.clear();
