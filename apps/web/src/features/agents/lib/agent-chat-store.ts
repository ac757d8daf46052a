import { Chat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { createAgentFetch } from "./agent-fetch.ts";
import { type AgentUIMessage, threadIdOf } from "./agent-message.ts";

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
}

/** Chats kept for back/forward; the oldest idle one goes first. */
const MAX_CHATS = 20;
/** By `owner:agentId:threadId` for named conversations, by `owner:agentId:new:<location>` before. */
const chats = new Map<string, AgentChat>();
let created = 0;

const threadKey = (owner: string, agentId: string, threadId: string) =>
  `${owner}:${agentId}:${threadId}`;
const draftKey = (owner: string, agentId: string, draft: string) =>
  `${owner}:${agentId}:new:${draft}`;

function evictIdle(): void {
  for (const [key, entry] of chats) {
    if (chats.size < MAX_CHATS) return;
    if (entry.chat.status === "ready" || entry.chat.status === "error") chats.delete(key);
  }
}

/** Only the text of each message goes to the server; it keeps the conversation itself. */
function slim(message: AgentUIMessage) {
  return {
    id: message.id,
    role: message.role,
    parts: message.parts.flatMap((part) =>
      part.type === "text" ? [{ type: "text" as const, text: part.text }] : [],
    ),
  };
}

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
  evictIdle();
  created += 1;
  const key = `agent-chat-${created}`;
  const transport = new DefaultChatTransport<AgentUIMessage>({
    api: chatUrlOf(options.agentId, options.chatUrl),
    credentials: "same-origin",
    headers: () => ({ [ANON_ID_HEADER_NAME]: getAnonId() }),
    fetch: createAgentFetch(),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => {
      const threadId = entry.threadId ?? threadIdOf(messages);
      return {
        body: {
          id,
          messages: messages.map(slim),
          trigger,
          messageId,
          ...(threadId ? { threadId } : {}),
        },
      };
    },
  });
  const chat = new Chat<AgentUIMessage>({
    id: key,
    messages: options.messages ?? [],
    transport,
    onFinish: ({ messages, isAbort }) => {
      // A stopped reply stays, as far as it got, marked stopped.
      if (!isAbort) return;
      const last = messages.at(-1);
      if (last?.role !== "assistant") return;
      chat.messages = [
        ...messages.slice(0, -1),
        {
          ...last,
          parts: last.parts.map((part) =>
            (part.type === "text" || part.type === "reasoning") && part.state === "streaming"
              ? { ...part, state: "done" as const }
              : part,
          ),
          metadata: { ...last.metadata, stopped: true },
        },
      ];
    },
  });
  const entry: AgentChat = {
    key,
    owner: options.owner,
    agentId: options.agentId,
    threadId: options.threadId,
    chat,
  };
  return entry;
}

/** The live chat of a saved conversation, if this tab has it. */
export function findAgentChat(
  owner: string,
  agentId: string,
  threadId: string,
): AgentChat | undefined {
  const key = threadKey(owner, agentId, threadId);
  const entry = chats.get(key);
  if (!entry) return undefined;
  // Most recently used last, so eviction takes the oldest.
  chats.delete(key);
  chats.set(key, entry);
  return entry;
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
  const found = findAgentChat(options.owner, options.agentId, options.threadId);
  if (found) return found;
  const entry = createAgentChat(options);
  chats.set(threadKey(options.owner, options.agentId, options.threadId), entry);
  return entry;
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
  const key = draftKey(owner, agentId, draft);
  const found = chats.get(key);
  if (found) return found;
  const entry = createAgentChat({ owner, agentId, threadId: null, chatUrl });
  chats.set(key, entry);
  return entry;
}

/**
 * The server named a new conversation: its chat is found under that name from now on (and still
 * under its draft key, so a render before the URL changes keeps the same chat).
 */
export function nameAgentChat(entry: AgentChat, threadId: string): void {
  entry.threadId = threadId;
  chats.set(threadKey(entry.owner, entry.agentId, threadId), entry);
}

/** For tests and sign-out: forget every chat. */
export function clearAgentChats(): void {
  for (const entry of chats.values()) void entry.chat.stop();
  chats.clear();
}
