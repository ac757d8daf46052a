import type { Chat } from "@ai-sdk/react";
import { AGENT_TOOLS, type AgentTool, type AnswerRetryStatus } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { createChatStore } from "@/lib/chat/chat-store.ts";
import { createChat } from "@/lib/chat/create-chat.ts";
import { type LiveValue, liveValue } from "@/lib/chat/live-value.ts";
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
  /** The agent's tools switched off for this conversation (its Tools menu), sent with each reply. */
  toolsOff: LiveValue<AgentTool[]>;
}

/** Where a named conversation's switched-off tools are kept in this browser. */
const toolsOffKey = (owner: string, agentId: string, threadId: string) =>
  `nexus.tools-off:${owner}:${agentId}:${threadId}`;

function loadToolsOff(owner: string, agentId: string, threadId: string | null): AgentTool[] {
  if (!threadId) return [];
  try {
    const stored: unknown = JSON.parse(
      localStorage.getItem(toolsOffKey(owner, agentId, threadId)) ?? "[]",
    );
    return Array.isArray(stored) ? AGENT_TOOLS.filter((tool) => stored.includes(tool)) : [];
  } catch {
    return [];
  }
}

/** Keeps a named conversation's switches (none: the key goes). */
function saveToolsOff(entry: AgentChat): void {
  if (!entry.threadId) return;
  const key = toolsOffKey(entry.owner, entry.agentId, entry.threadId);
  const off = entry.toolsOff.get();
  try {
    if (off.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(off));
  } catch {
    // Storage full or blocked: the switches still hold for this tab.
  }
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
      const toolsOff = entry.toolsOff.get();
      return {
        ...(threadId ? { threadId } : {}),
        ...(fileIds.length > 0 ? { fileIds } : {}),
        ...(toolsOff.length > 0 ? { toolsOff } : {}),
      };
    },
  });
  const entry: AgentChat = {
    key,
    owner: options.owner,
    agentId: options.agentId,
    threadId: options.threadId,
    chat,
    retrying,
    toolsOff: liveValue(loadToolsOff(options.owner, options.agentId, options.threadId)),
  };
  entry.toolsOff.subscribe(() => saveToolsOff(entry));
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
  saveToolsOff(entry);
}

/** For tests and sign-out: forget every chat. */
export const clearAgentChats = (): void => chats.clear();
