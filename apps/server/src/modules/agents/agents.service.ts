import {
  AGENT_NEEDS_MODEL_HOW_TO,
  AGENT_NEEDS_MODEL_TITLE,
  type AgentCatalogueEntry,
  type AgentChatRequest,
  type AgentsResponse,
  isPresetAgentId,
  MAX_AGENT_TURNS,
  MAX_QUERY_CHARS,
  MESSAGES,
  type PresetAgent,
} from "@nexus/contracts";
import { presetAgent, presetAgents } from "../../ai/agents/presets.ts";
import type { Accepted, ChatRequest } from "../../ai/chat/chat-kinds.ts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as files from "../files/files.service.ts";
import * as history from "../history/history.service.ts";
import { reserveConversation } from "./agents.reserve.ts";
import { type AgentJob, agentModel, type CustomAgentDefinition } from "./agents.run.ts";

/** The agent chat job, for the custom agents module that accepts custom agents' replies. */
export type { AgentJob };

/** Agents in the hub's "Recently used" row at most. */
const RECENT_AGENTS = 8;

const notFound = () => new AppError("not_found", MESSAGES.noSuchDocument);

/** The preset with this id, or the not-found every other id gets (spec §2). */
function agentOf(agentId: string): PresetAgent {
  const agent = isPresetAgentId(agentId) ? presetAgent(agentId) : undefined;
  if (!agent) throw notFound();
  return agent;
}

const needsModelText = `${AGENT_NEEDS_MODEL_TITLE}. ${AGENT_NEEDS_MODEL_HOW_TO}`;

/** GET /api/agents: the catalogue, which agents run on this server, and the caller's recent ones. */
export async function catalogue(options: {
  deps: Deps;
  user: SessionUser;
}): Promise<AgentsResponse> {
  const { deps, user } = options;
  const modelConfigured = deps.models.configured;
  const agents = presetAgents().map(
    (a): AgentCatalogueEntry => ({
      id: a.id,
      name: a.name,
      description: a.description,
      category: a.category,
      icon: a.icon,
      starters: [...a.starters],
      tools: [...a.tools],
      keywords: [...a.keywords],
      needsModel: a.needsModel,
      ...(a.form ? { form: a.form } : {}),
      available: modelConfigured || !a.needsModel,
    }),
  );
  const recent = (
    await history.recentSubjects(deps, { userId: user.id, kind: "agent", limit: RECENT_AGENTS })
  ).filter(isPresetAgentId);
  return { agents, modelConfigured, recent, needsModel: AGENT_NEEDS_MODEL_HOW_TO };
}

function lastUserText(body: AgentChatRequest): string {
  const last = [...body.messages].reverse().find((m) => m.role === "user");
  if (!last) return "";
  return last.parts
    .map((p) => (p.type === "text" && typeof p.text === "string" ? p.text : ""))
    .join("")
    .trim();
}

/**
 * POST /api/agents/:agentId/chat (agents.chat.ts): accepts one reply of a preset agent.
 */
export async function acceptPresetReply(
  request: ChatRequest<AgentChatRequest>,
): Promise<Accepted<AgentJob>> {
  if (!request.caller.user) throw new AppError("unauthorized");
  const agent = agentOf(request.params.agentId ?? "");
  return acceptAgentReply({
    ...request,
    subjectId: agent.id,
    needsModel: agent.needsModel,
    reasoning: false,
  });
}

/**
 * Accepts one agent reply, preset or custom (`custom`: its definition): a conversation not
 * charged yet reserves an agentUsage unit atomically before its reply runs (refused: 429), kept
 * when the reply completes and given back otherwise (`settle`, once its stream has ended:
 * agents.reserve.ts); a conversation holds MAX_AGENT_TURNS turns and belongs to one agent
 * (`subjectId`).
 */
export async function acceptAgentReply(options: {
  deps: Deps;
  caller: Caller;
  body: AgentChatRequest;
  subjectId: string;
  needsModel: boolean;
  reasoning: boolean;
  custom?: CustomAgentDefinition;
}): Promise<Accepted<AgentJob>> {
  const { deps, caller, body, reasoning } = options;
  const user = caller.user;
  if (!user) throw new AppError("unauthorized");
  const message = lastUserText(body);
  if (!message) throw new AppError("bad_request", "A message is required");
  if (message.length > MAX_QUERY_CHARS)
    throw new AppError("bad_request", `A message has at most ${MAX_QUERY_CHARS} characters`);
  // Only the caller's own ready files (another's or a missing id: 404, nothing reserved).
  const fileIds = body.fileIds ?? [];
  const attachments = fileIds.length > 0 ? await files.attachedFiles({ deps, user, fileIds }) : [];
  const model = agentModel(deps, { reasoning });
  // With attached files the offline engine answers from them; without, some agents need a model.
  if (options.needsModel && model.offline && attachments.length === 0)
    throw new AppError("needs_model", needsModelText);

  const regenerate = body.trigger === "regenerate-message" ? body.messageId : undefined;
  // A reply reserves a unit unless its conversation was already charged (one of its replies
  // completed): a new conversation, or one whose replies so far were all stopped.
  let reserves = true;
  if (body.threadId) {
    const info = await history.threadInfo(deps, { userId: user.id, threadId: body.threadId });
    if (info) {
      // Another kind of thread, or another agent's: not this agent's conversation.
      if (info.kind !== "agent" || info.subjectId !== options.subjectId) throw notFound();
      if (info.turns >= MAX_AGENT_TURNS && !regenerate)
        throw new AppError(
          "conversation_full",
          `This conversation has reached ${MAX_AGENT_TURNS} turns: start a new one to go on.`,
        );
      reserves = !info.charged;
    }
  }
  if (reserves) await reserveConversation(deps, caller);
  const entryId = alphanumericId();
  const job: AgentJob = {
    kind: "agent",
    caller,
    agentId: options.subjectId,
    ...(options.custom ? { custom: options.custom } : {}),
    message,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(body.toolsOff?.length ? { toolsOff: [...new Set(body.toolsOff)] } : {}),
    entryId,
    threadId: body.threadId ?? entryId,
    reserved: reserves,
    replaces: regenerate,
    reasoning,
  };
  return { job };
}
