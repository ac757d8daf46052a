import { z } from "zod";
import {
  AGENT_TOOLS,
  type AgentCategory,
  type AgentFormField,
  type AgentTool,
  type PresetAgentId,
} from "./agents.ts";
import { MAX_ATTACHED_FILES } from "./answer-constants.ts";

/** The agents API (GET /api/agents, agent chats and threads) and the tool parts the chat shows. */

/** A preset agent as GET /api/agents lists it (its prompt stays on the server). */
export interface AgentCatalogueEntry {
  id: PresetAgentId;
  name: string;
  description: string;
  category: AgentCategory;
  /** A lucide-react icon name in kebab-case. */
  icon: string;
  starters: string[];
  tools: AgentTool[];
  /** What it can do, in searchable words (its declaration's `keywords`; none from an older server). */
  keywords?: string[];
  needsModel: boolean;
  form?: AgentFormField[];
  /** False when the agent needs a language model and this server has none configured. */
  available: boolean;
}

/** GET /api/agents (signed in). */
export interface AgentsResponse {
  agents: AgentCatalogueEntry[];
  /** Whether this server has a language model (LLM_BASE_URL); without one only some agents run. */
  modelConfigured: boolean;
  /** The caller's agents by their latest conversation, most recent first (at most 8). */
  recent: PresetAgentId[];
  /** What to configure for a model, shown on agents that need one. */
  needsModel: string;
}

/** The `needs_model` error of an agent chat, and the hub's mark on such agents. */
export const AGENT_NEEDS_MODEL_TITLE = "This agent needs a language model";
export const AGENT_NEEDS_MODEL_HOW_TO =
  "The administrator of this Nexus server sets LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to any OpenAI-compatible API and restarts the server.";

/** The turns an agent conversation holds; then the person is offered a new one. */
export const MAX_AGENT_TURNS = 50;

/**
 * POST /api/agents/:agentId/chat: the AI SDK chat transport's body. The server keeps the
 * conversation: only the new user message is read (the earlier turns come from history).
 */
export const agentChatRequestSchema = z.looseObject({
  /** The chat id the transport sends; the conversation is `threadId`. */
  id: z.string().max(200).optional(),
  threadId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "threadId must be an id")
    .optional(),
  messages: z
    .array(
      z.looseObject({
        id: z.string().max(200).optional(),
        role: z.enum(["user", "assistant", "system"]),
        parts: z.array(z.looseObject({ type: z.string().max(100) })).max(200),
      }),
    )
    .min(1)
    .max(500),
  trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
  messageId: z.string().max(200).optional(),
  /** Files the person attached to the message (their own, ready): searched first for the reply. */
  fileIds: z.array(z.guid()).max(MAX_ATTACHED_FILES).optional(),
  /** Tools the person switched off for this chat (its Tools menu): the reply runs without them. */
  toolsOff: z.array(z.enum(AGENT_TOOLS)).max(AGENT_TOOLS.length).optional(),
});
export type AgentChatRequest = z.infer<typeof agentChatRequestSchema>;

/** Message metadata of an agent's reply (its `start` part; `finish` adds `versions`). */
export interface AgentMessageMetadata {
  entryId: string;
  threadId: string;
  /** A preset's id, or "custom:<id>" for a custom agent. */
  agentId: string;
  model: string;
  offline: boolean;
  /** A regenerated (or edited) reply's earlier versions, oldest first (its `finish` part). */
  versions?: AgentTurnVersion[];
}

/** An earlier version of an agent turn: the message and reply before a regenerate or an edit. */
export interface AgentTurnVersion {
  timestamp: string;
  text: string;
  parts: Array<{ type: string } & Record<string, unknown>>;
  stopped?: boolean;
}

/** Tool parts' inputs and outputs as the chat shows them (`tool-web-search`, `tool-read-url`). */
export interface WebSearchToolOutput {
  results: Array<{ title: string; url: string; snippet: string }>;
}
export interface ReadUrlToolOutput {
  url: string;
  title: string;
  /** The readable text, cut to the tool's budget. */
  text: string;
  truncated: boolean;
}

/** `tool-generate-image`: the images made, each saved as a file of the person (owner-only url). */
export interface GenerateImageToolOutput {
  images: Array<{
    fileId: string;
    /** The file's owner-only inline route (/api/files/:fileId/view; /download in older replies). */
    url: string;
    mediaType: string;
    width?: number;
    height?: number;
  }>;
  prompt: string;
}

/** `tool-youtube-transcript`: a video's captions as plain text, cut to the tool's budget. */
export interface YoutubeTranscriptToolOutput {
  videoId: string;
  title: string;
  /** The caption track's language code (e.g. "en"), "" when the page names none. */
  language: string;
  text: string;
  truncated: boolean;
}

/** `tool-run-code`: one JavaScript run in the sandbox (QuickJS in a worker thread). */
export interface RunCodeToolOutput {
  /** False when the code threw, had a syntax error, or was stopped (time or memory). */
  ok: boolean;
  /** What console.log/info/warn/error printed, cut to the tool's budget. */
  stdout: string;
  /** The last expression's value as text; null when it is undefined or the run failed. */
  result: string | null;
  /** The error with its line ("TypeError: … (line 3)"), or why the run was stopped. */
  error: string | null;
  durationMs: number;
  /** Whether the output or the result was cut. */
  truncated: boolean;
  /** True when it did not run: every sandbox slot was taken (try again shortly). */
  busy?: boolean;
}
