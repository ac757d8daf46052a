import { randomBytes } from "node:crypto";
import {
  type AgentChatRequest,
  type AgentThreadResponse,
  type AgentTool,
  type CustomAgent,
  type CustomAgentExport,
  type CustomAgentInput,
  type CustomAgentsResponse,
  customAgentSubject,
  MESSAGES,
} from "@nexus/contracts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as agents from "../agents/agents.service.ts";
import * as repo from "./custom-agents.repo.ts";

/** A custom agent's id (a UUID); anything else is missing, like a foreign id. */
const AGENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** A person's own custom agents at most. */
export const MAX_CUSTOM_AGENTS = 100;

const notFound = () => new AppError("not_found", MESSAGES.noSuchDocument);

/** Row → contract: the only way a custom agent leaves the server. */
function present(row: repo.CustomAgentRow, userId: string): CustomAgent {
  const isOwner = row.ownerId === userId;
  return {
    id: row.id,
    name: row.name,
    emoji: row.emoji,
    color: row.color as CustomAgent["color"],
    description: row.description,
    instructions: isOwner ? row.instructions : null,
    starters: row.starters,
    tools: row.tools,
    model: row.model,
    isOwner,
    sharePath: isOwner && row.shareToken ? `/app/agents/custom/shared/${row.shareToken}` : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function usable(deps: Deps, user: SessionUser, id: string): Promise<repo.CustomAgentRow> {
  if (!AGENT_ID.test(id)) throw notFound();
  const row = await repo.findUsable(deps.db, { id, userId: user.id });
  if (!row) throw notFound();
  return row;
}

/** The owner's agent; a link holder is told they may not change it; anyone else: not found. */
async function owned(deps: Deps, user: SessionUser, id: string): Promise<repo.CustomAgentRow> {
  const row = await usable(deps, user, id);
  if (row.ownerId !== user.id)
    throw new AppError("forbidden", "Only the person who made this agent can change it.");
  return row;
}

export async function list(deps: Deps, user: SessionUser): Promise<CustomAgentsResponse> {
  const [own, granted] = await Promise.all([
    repo.listOwn(deps.db, user.id),
    repo.listGranted(deps.db, user.id),
  ]);
  return {
    own: own.map((r) => present(r, user.id)),
    sharedWithMe: granted.map((r) => present(r, user.id)),
  };
}

export async function create(
  deps: Deps,
  user: SessionUser,
  input: CustomAgentInput,
): Promise<CustomAgent> {
  const count = (await repo.listOwn(deps.db, user.id)).length;
  if (count >= MAX_CUSTOM_AGENTS)
    throw new AppError("conflict", `You can keep at most ${MAX_CUSTOM_AGENTS} custom agents.`);
  return present(await repo.create(deps.db, user.id, input), user.id);
}

export async function get(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  return present(await usable(deps, user, id), user.id);
}

export async function update(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: CustomAgentInput,
): Promise<CustomAgent> {
  await owned(deps, user, id);
  const row = await repo.update(deps.db, { id, ownerId: user.id, input });
  if (!row) throw notFound();
  return present(row, user.id);
}

/** Deletes the owner's agent; its conversations stay in history (as a deleted agent's). */
export async function remove(deps: Deps, user: SessionUser, id: string): Promise<void> {
  await owned(deps, user, id);
  await repo.remove(deps.db, { id, ownerId: user.id });
}

function inputOf(row: repo.CustomAgentRow): CustomAgentInput {
  return {
    name: row.name,
    emoji: row.emoji,
    color: row.color as CustomAgentInput["color"],
    description: row.description,
    instructions: row.instructions,
    starters: row.starters,
    tools: row.tools,
    model: row.model,
  };
}

/** A copy the caller owns (of their own agent, or of one shared with them). */
export async function duplicate(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  const row = await usable(deps, user, id);
  const copy = inputOf(row);
  return create(deps, user, { ...copy, name: `${copy.name} (copy)`.slice(0, 60) });
}

export async function share(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  const row = await owned(deps, user, id);
  if (row.shareToken) return present(row, user.id);
  const token = randomBytes(16).toString("base64url");
  const shared = await repo.setShareToken(deps.db, { id, ownerId: user.id, token });
  if (!shared) throw notFound();
  return present(shared, user.id);
}

export async function unshare(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  await owned(deps, user, id);
  const row = await repo.setShareToken(deps.db, { id, ownerId: user.id, token: null });
  if (!row) throw notFound();
  return present(row, user.id);
}

/** Opening a share link: the agent becomes usable by the caller (not changeable). */
export async function acceptShare(
  deps: Deps,
  user: SessionUser,
  token: string,
): Promise<CustomAgent> {
  if (!SHARE_TOKEN.test(token)) throw notFound();
  const row = await repo.acceptShare(deps.db, { token, userId: user.id });
  if (!row) throw notFound();
  return present(row, user.id);
}

export async function exportAgent(
  deps: Deps,
  user: SessionUser,
  id: string,
): Promise<CustomAgentExport> {
  const row = await owned(deps, user, id);
  return { format: "nexus-custom-agent", version: 1, agent: inputOf(row) };
}

export async function importAgent(
  deps: Deps,
  user: SessionUser,
  exported: CustomAgentExport,
): Promise<CustomAgent> {
  return create(deps, user, exported.agent);
}

/** One reply of a custom agent (its owner's or a link holder's conversation). */
export async function chat(options: {
  deps: Deps;
  caller: Caller;
  id: string;
  body: AgentChatRequest;
  signal: AbortSignal;
}): Promise<ReadableStream<Uint8Array>> {
  const user = options.caller.user;
  if (!user) throw new AppError("unauthorized");
  const row = await usable(options.deps, user, options.id);
  return agents.startAgentChat({
    deps: options.deps,
    caller: options.caller,
    body: options.body,
    signal: options.signal,
    subjectId: customAgentSubject(row.id),
    needsModel: true,
    reasoning: row.model === "reasoning",
    custom: {
      id: row.id,
      name: row.name,
      instructions: row.instructions,
      tools: row.tools as AgentTool[],
    },
  });
}

/**
 * The caller's conversation with a custom agent. Kept after the agent is deleted (history keeps
 * its conversations), so only the conversation's own owner and subject are checked.
 */
export async function conversation(options: {
  deps: Deps;
  user: SessionUser;
  id: string;
  threadId: string;
}): Promise<AgentThreadResponse> {
  if (!AGENT_ID.test(options.id)) throw notFound();
  return agents.conversation({
    deps: options.deps,
    user: options.user,
    subjectId: customAgentSubject(options.id),
    threadId: options.threadId,
  });
}
