import {
  type AgentChatRequest,
  agentChatRequestSchema,
  customAgentSubject,
  isPresetAgentId,
  PRESET_AGENT_INFO,
  type SharedAgent,
  threadPaths,
} from "@nexus/contracts";
import { presetAgent } from "../../ai/agents/presets.ts";
import type { ChatKind } from "../../ai/chat/chat-kinds.ts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";
import { failureMessage } from "../../ai/chat/turn-failure.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import * as customAgents from "../custom-agents/custom-agents.service.ts";
import { settleConversation } from "./agents.reserve.ts";
import { acceptPresetReply } from "./agents.service.ts";

export type { AgentJob } from "./agents.run.ts";

import {
  type AgentJob,
  type AgentState,
  agentMetadata,
  agentModel,
  prepareAgent,
  presentAgentVersions,
  recordAgent,
} from "./agents.run.ts";

const CUSTOM_SUBJECT = /^custom:([0-9a-f-]{36})$/;

/** The custom agent's id of a subject "custom:<id>", else null. */
function customIdOf(subjectId: string): string | null {
  return CUSTOM_SUBJECT.exec(subjectId)?.[1] ?? null;
}

/** The agents' names: a preset's, a custom agent's ("Custom agent" once it is gone). */
async function agentNames(deps: Pick<Deps, "db">, _user: SessionUser, ids: readonly string[]) {
  const customIds = ids.flatMap((id) => customIdOf(id) ?? []);
  const custom = await customAgents.agentNames(deps, customIds);
  const names = new Map<string, string>();
  for (const id of ids) {
    if (isPresetAgentId(id)) names.set(id, PRESET_AGENT_INFO[id].name);
    const customId = customIdOf(id);
    if (customId) names.set(id, custom.get(customId) ?? "Custom agent");
  }
  return names;
}

/**
 * The agent of a shared reply as the share keeps it: a preset's name and icon, or a custom agent's
 * name, emoji and colour as the sharer sees it ("Custom agent" once it is gone).
 */
async function sharedAgent(
  deps: Deps,
  user: SessionUser,
  agentId: string,
): Promise<SharedAgent | undefined> {
  if (isPresetAgentId(agentId)) {
    const icon = presetAgent(agentId)?.icon;
    return { agentId, name: PRESET_AGENT_INFO[agentId].name, ...(icon ? { icon } : {}) };
  }
  const customId = customIdOf(agentId);
  if (!customId) return undefined;
  const label = await customAgents.shareLabel(deps, user, customId);
  return label
    ? { agentId: customAgentSubject(customId), ...label }
    : { agentId: customAgentSubject(customId), name: "Custom agent" };
}

/**
 * The agent kind as the product presents it: listed under Agents with its agent's name, opened
 * at its agent's chat (a preset's or a custom one's; an agent no longer known opens as a search),
 * shared with its parts and its agent.
 */
export const agentKind: KindDeclaration = {
  kind: "agent",
  label: "Agent",
  icon: "bot",
  historyFilter: "agent",
  subjectField: "agentId",
  subjects: agentNames,
  link: ({ threadId, subjectId, firstQuery }) => {
    if (isPresetAgentId(subjectId)) return threadPaths.presetAgent(subjectId, threadId);
    const customId = subjectId ? customIdOf(subjectId) : null;
    if (customId) return threadPaths.customAgent(customId, threadId);
    return threadPaths.search(firstQuery, threadId);
  },
  share: { keepsParts: true, agent: sharedAgent },
};

/**
 * The agent chat kind (ARCHITECTURE.md §3.1): a preset agent's reply (POST
 * /api/agents/:agentId/chat) and, accepted by custom-agents.service.ts, a custom agent's
 * (POST /api/custom-agents/:id/chat). A new conversation's unit is reserved on accept and
 * settled when the reply has ended (agents.reserve.ts): kept once per conversation, by its first
 * completed reply; given back otherwise.
 */
export const agentChat: ChatKind<AgentJob, AgentChatRequest, AgentState> = {
  ...agentKind,
  kind: "agent",
  request: agentChatRequestSchema,
  failedText: "The reply failed. Try again in a moment.",
  stoppedText: "The reply was stopped.",
  accept: acceptPresetReply,
  model: agentModel,
  metadata: agentMetadata,
  state: () => ({ versions: [] }),
  prepare: prepareAgent,
  record: recordAgent,
  saved: (ctx, versions) => {
    ctx.state.versions = presentAgentVersions(versions);
  },
  finish: (ctx) => ({
    ...agentMetadata(ctx.job, ctx.model),
    ...(ctx.state.versions.length > 0 ? { versions: ctx.state.versions } : {}),
  }),
  failureText: (error, streamed) => failureMessage({ error, streamed }),
  charge: {
    settle: async (deps, job) => {
      if (job.reserved) await settleConversation(deps, job.caller, job.entryId);
    },
  },
};
