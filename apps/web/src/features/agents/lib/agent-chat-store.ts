import type { Chat } from "@ai-sdk/react";
import type { AnswerRetryStatus } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { createChatStore } from "@/lib/chat/chat-store.ts";
import { createChat } from "@/lib/chat/create-chat.ts";
import type { LiveValue } from "@/lib/chat/live-value.ts";
import { type AgentUIMessage, attachmentsOf, threadIdOf } from "./agent-message.ts";

/**
 * One agent conversation's live chat, kept outside React (like the answer page's chat-store) so
 * that moving from /app/agents/:agentId to /app/agents/:agentId/:threadId when the server names
 * the conversation, or any remount, never restarts or loses a stream.
 */
export interface AgentChat {
  /** Stable for the chat's life: React keys its screen by it. */
  key: string;
  owner: string;
  /** A preset's id, or "custom:<id>" for a custom agent (keeps their chats apart). */
  agentId: string;
  /** Null until the first reply's `start` metadata names the conversation. */
  threadId: string | null;
  chat: Chat<AgentUIMessage>;
  /** The server is retrying the model for the running reply (data-status), else null. */
  retrying: LiveValue<AnswerRetryStatus | null>;
}

/** By `owner:agentId:threadId` for named conversations, by `owner:agentId:new:<location>` before. */
const chats = createChatStore<AgentChat>("agent-chat");

const threadKey = (owner: string, agentId: string, threadId: string) =>
  `${owner}:${agentId}:${threadId}`;
const draftKey = (owner: string, agentId: string, draft: string) =>
  `${owner}:${agentId}:new:${draft}`;

/** Where a chat posts: a preset's /api/agents/:agentId/chat unless another URL is given. */
const chatUrlOf = (agentId: string, chatUrl: string | undefined) =>
  chatUrl ?? `${API_BASE_URL}/agents/${encodeURIComponent(agentId)}/chat`;

function createAgentChat(options: {
  owner: string;
  agentId: string;
  threadId: string | null;
  messages?: AgentUIMessage[];
  chatUrl?: string | undefined;
}): AgentChat {
  const key = chats.nextKey();
  const { chat, retrying } = createChat<AgentUIMessage>({
    id: key,
    api: chatUrlOf(options.agentId, options.chatUrl),
    ...(options.messages ? { messages: options.messages } : {}),
    body: (messages) => {
      const threadId = entry.threadId ?? threadIdOf(messages);
      // The files attached to the message being answered (a regenerate sends them again).
      const asked = messages.findLast((message) => message.role === "user");
      const fileIds = asked ? attachmentsOf(asked).map((file) => file.id) : [];
      return { ...(threadId ? { threadId } : {}), ...(fileIds.length > 0 ? { fileIds } : {}) };
    },
  });
  const entry: AgentChat = {
    key,
    owner: options.owner,
    agentId: options.agentId,
    threadId: options.threadId,
    chat,
    retrying,
  };
  return entry;
}

/** The live chat of a saved conversation, if this tab has it. */
export function findAgentChat(
  owner: string,
  agentId: string,
  threadId: string,
): AgentChat | undefined {
  return chats.find(threadKey(owner, agentId, threadId));
}

/** A saved conversation's chat, seeded with its turns (once; later calls return the same chat). */
export function openAgentChat(options: {
  owner: string;
  agentId: string;
  threadId: string;
  messages: AgentUIMessage[];
  /** The chat endpoint when not the preset one (a custom agent's). */
  chatUrl?: string | undefined;
}): AgentChat {
  return chats.open(threadKey(options.owner, options.agentId, options.threadId), () =>
    createAgentChat(options),
  );
}

/**
 * A new conversation's chat, one per history entry (`draft`: the location's key), so "Start a new
 * conversation" gets an empty one and StrictMode's second render the same one.
 */
export function newAgentChat(
  owner: string,
  agentId: string,
  draft: string,
  chatUrl?: string,
): AgentChat {
  return chats.open(draftKey(owner, agentId, draft), () =>
    createAgentChat({ owner, agentId, threadId: null, chatUrl }),
  );
}

/**
 * The server named a new conversation: its chat is found under that name from now on (and still
 * under its draft key, so a render before the URL changes keeps the same chat).
 */
export function nameAgentChat(entry: AgentChat, threadId: string): void {
  entry.threadId = threadId;
  chats.keep(threadKey(entry.owner, entry.agentId, threadId), entry);
}

/** For tests and sign-out: forget every chat. */
export const clearAgentChats = (): void => chats.clear();
