import { type AgentChatRequest, agentChatRequestSchema } from "@nexus/contracts";
import type { ChatKind } from "../../ai/chat/chat-kinds.ts";
import { failureMessage } from "../../ai/chat/turn-failure.ts";
import { acceptPresetReply } from "./agents.service.ts";

export type { AgentJob } from "./agents.run.ts";

import {
  type AgentJob,
  type AgentState,
  agentMetadata,
  agentModel,
  prepareAgent,
  saveAgent,
} from "./agents.run.ts";

/**
 * The agent chat kind (ARCHITECTURE.md §3.1): a preset agent's reply (POST
 * /api/agents/:agentId/chat) and, accepted by custom-agents.service.ts, a custom agent's
 * (POST /api/custom-agents/:id/chat). Its unit is reserved and settled by the accepting thread
 * (agents.reserve.ts), so the turn itself refunds nothing.
 */
export const agentChat: ChatKind<AgentJob, AgentChatRequest, AgentState> = {
  kind: "agent",
  request: agentChatRequestSchema,
  failedText: "The reply failed. Try again in a moment.",
  stoppedText: "The reply was stopped.",
  accept: acceptPresetReply,
  model: agentModel,
  metadata: agentMetadata,
  state: () => ({ versions: [] }),
  prepare: prepareAgent,
  save: saveAgent,
  finish: (ctx) => ({
    ...agentMetadata(ctx.job, ctx.model),
    ...(ctx.state.versions.length > 0 ? { versions: ctx.state.versions } : {}),
  }),
  failureText: (error, streamed) => failureMessage({ error, streamed }),
};
