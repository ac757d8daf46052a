import { randomBytes } from "node:crypto";
import {
  type AgentChatRequest,
  type AgentTool,
  type CustomAgent,
  type CustomAgentExport,
  type CustomAgentInput,
  type CustomAgentKnowledgeFile,
  type CustomAgentsResponse,
  customAgentSubject,
  type ImportedCustomAgent,
  KNOWLEDGE_FILE_NOT_YOURS,
  MESSAGES,
  type PortableCustomAgent,
  type SharedAgentPreview,
} from "@nexus/contracts";
import type { Accepted, ChatRequest } from "../../ai/chat/chat-kinds.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import type { AgentJob } from "../agents/agents.service.ts";
import * as agents from "../agents/agents.service.ts";
import * as repo from "./custom-agents.repo.ts";

/** A custom agent's id (a UUID); anything else is missing, like a foreign id. */
const AGENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** A person's own custom agents at most. */
export const MAX_CUSTOM_AGENTS = 100;

const notFound = () => new AppError("not_found", MESSAGES.noSuchDocument);

/**
 * Row → contract: the only way a custom agent leaves the server. Its knowledge files are listed to
 * its owner only; a link holder learns how many there are.
 */
function present(
  row: repo.CustomAgentRow,
  userId: string,
  knowledge: readonly CustomAgentKnowledgeFile[],
  modelConfigured: boolean,
): CustomAgent {
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
    knowledgeFiles: isOwner ? [...knowledge] : null,
    knowledgeCount: knowledge.length,
    available: modelConfigured || knowledge.length > 0,
    isOwner,
    sharePath: isOwner && row.shareToken ? `/app/agents/custom/shared/${row.shareToken}` : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The agents as the user sees them, with their knowledge (one query for all). */
async function presentAll(
  deps: Deps,
  rows: readonly repo.CustomAgentRow[],
  userId: string,
): Promise<CustomAgent[]> {
  const knowledge = await repo.knowledgeOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, userId, knowledge.get(r.id) ?? [], deps.models.configured));
}

async function presentOne(
  deps: Deps,
  row: repo.CustomAgentRow,
  userId: string,
): Promise<CustomAgent> {
  const [agent] = await presentAll(deps, [row], userId);
  if (!agent) throw new Error("custom agent not presented");
  return agent;
}

/** Runs a change that links knowledge files: a file that is not the owner's is a 400. */
async function withKnowledge<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof repo.ForeignKnowledgeFile)
      throw new AppError("bad_request", KNOWLEDGE_FILE_NOT_YOURS, {
        issues: [{ path: "knowledgeFileIds", message: KNOWLEDGE_FILE_NOT_YOURS }],
      });
    throw error;
  }
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
  const [ownAgents, sharedAgents] = await Promise.all([
    presentAll(deps, own, user.id),
    presentAll(deps, granted, user.id),
  ]);
  return { own: ownAgents, sharedWithMe: sharedAgents };
}

export async function create(
  deps: Deps,
  user: SessionUser,
  input: CustomAgentInput,
): Promise<CustomAgent> {
  const row = await withKnowledge(() => repo.create(deps.db, user.id, input, MAX_CUSTOM_AGENTS));
  if (!row)
    throw new AppError("conflict", `You can keep at most ${MAX_CUSTOM_AGENTS} custom agents.`);
  return presentOne(deps, row, user.id);
}

export async function get(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  return presentOne(deps, await usable(deps, user, id), user.id);
}

export async function update(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: CustomAgentInput,
): Promise<CustomAgent> {
  await owned(deps, user, id);
  const row = await withKnowledge(() => repo.update(deps.db, { id, ownerId: user.id, input }));
  if (!row) throw notFound();
  return presentOne(deps, row, user.id);
}

/** Deletes the owner's agent; its conversations stay in history (as a deleted agent's). */
export async function remove(deps: Deps, user: SessionUser, id: string): Promise<void> {
  await owned(deps, user, id);
  await repo.remove(deps.db, { id, ownerId: user.id });
}

/** The agent's definition without its knowledge files (which are its owner's, not portable). */
function portableOf(row: repo.CustomAgentRow): PortableCustomAgent {
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

/**
 * A copy the caller owns (of their own agent, or of one shared with them). The owner's copy knows
 * the same files; a link holder's copy knows none (the files stay the owner's).
 */
export async function duplicate(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  const row = await usable(deps, user, id);
  const copy = portableOf(row);
  const knowledgeFileIds =
    row.ownerId === user.id
      ? ((await repo.knowledgeOf(deps.db, [row.id])).get(row.id) ?? []).map((f) => f.id)
      : [];
  return create(deps, user, {
    ...copy,
    name: `${copy.name} (copy)`.slice(0, 60),
    knowledgeFileIds,
  });
}

export async function share(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  const row = await owned(deps, user, id);
  if (row.shareToken) return presentOne(deps, row, user.id);
  const token = randomBytes(16).toString("base64url");
  const shared = await repo.setShareToken(deps.db, { id, ownerId: user.id, token });
  if (!shared) throw notFound();
  return presentOne(deps, shared, user.id);
}

export async function unshare(deps: Deps, user: SessionUser, id: string): Promise<CustomAgent> {
  await owned(deps, user, id);
  const row = await repo.setShareToken(deps.db, { id, ownerId: user.id, token: null });
  if (!row) throw notFound();
  return presentOne(deps, row, user.id);
}

/**
 * A share link's card for whoever holds the link, signed in or not: what the agent is and who
 * shared it, never its instructions or files. A token that is not (or no longer) shared: 404.
 */
export async function preview(deps: Deps, token: string): Promise<SharedAgentPreview> {
  if (!SHARE_TOKEN.test(token)) throw notFound();
  const found = await repo.previewByToken(deps.db, token);
  if (!found) throw notFound();
  const { row } = found;
  return {
    name: row.name,
    emoji: row.emoji,
    color: row.color as SharedAgentPreview["color"],
    description: row.description,
    starters: row.starters,
    ownerName: found.ownerName,
    knowledgeCount: found.knowledgeCount,
  };
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
  return presentOne(deps, row, user.id);
}

export async function exportAgent(
  deps: Deps,
  user: SessionUser,
  id: string,
): Promise<CustomAgentExport> {
  const row = await owned(deps, user, id);
  const knowledge = await repo.knowledgeHashesOf(deps.db, row.id);
  return { format: "nexus-custom-agent", version: 2, agent: portableOf(row), knowledge };
}

/**
 * A new agent from an export. Its knowledge files are kept where the importing person already has
 * the same bytes among their own files (found by hash: never another person's file); the others
 * are named as dropped, for the person to add in the editor.
 */
export async function importAgent(
  deps: Deps,
  user: SessionUser,
  exported: CustomAgentExport,
): Promise<ImportedCustomAgent> {
  const named = exported.knowledge ?? [];
  const hashes = [...new Set(named.flatMap((k) => (k.sha256 ? [k.sha256] : [])))];
  const own = await repo.ownFilesByHash(deps.db, user.id, hashes);
  const kept = named.filter((k) => k.sha256 !== null && own.has(k.sha256));
  const knowledgeFileIds = [...new Set(kept.map((k) => own.get(k.sha256 ?? "") ?? ""))];
  const agent = await create(deps, user, { ...exported.agent, knowledgeFileIds });
  return {
    ...agent,
    knowledgeKept: kept.map((k) => k.name),
    knowledgeDropped: named.filter((k) => !kept.includes(k)).map((k) => k.name),
  };
}

/**
 * Accepts one reply of a custom agent (its owner's or a link holder's conversation): POST
 * /api/custom-agents/:id/chat, run as the agent chat kind (agents.chat.ts).
 */
export async function acceptChat(
  request: ChatRequest<AgentChatRequest>,
): Promise<Accepted<AgentJob>> {
  const user = request.caller.user;
  if (!user) throw new AppError("unauthorized");
  const row = await usable(request.deps, user, request.params.id ?? "");
  const fileIds = ((await repo.knowledgeOf(request.deps.db, [row.id])).get(row.id) ?? []).map(
    (f) => f.id,
  );
  return agents.acceptAgentReply({
    deps: request.deps,
    caller: request.caller,
    body: request.body,
    subjectId: customAgentSubject(row.id),
    // With knowledge files the offline engine answers from them; without, it needs a model.
    needsModel: fileIds.length === 0,
    reasoning: row.model === "reasoning",
    custom: {
      id: row.id,
      name: row.name,
      instructions: row.instructions,
      tools: row.tools as AgentTool[],
      // The owner's files, searched for whoever chats (a link holder included), and only these.
      ...(fileIds.length > 0 ? { knowledge: { ownerId: row.ownerId, fileIds } } : {}),
    },
  });
}

/**
 * How a shared conversation names a custom agent: its name, emoji and colour when the sharer can
 * use it (null when not, or when it was deleted).
 */
export async function shareLabel(
  deps: Deps,
  user: SessionUser,
  id: string,
): Promise<{ name: string; emoji: string; color: CustomAgent["color"] } | null> {
  if (!AGENT_ID.test(id)) return null;
  const row = await repo.findUsable(deps.db, { id, userId: user.id });
  return row
    ? { name: row.name, emoji: row.emoji, color: row.color as CustomAgent["color"] }
    : null;
}

/** The names of the custom agents of `ids` by id (a deleted or malformed id is left out). */
export async function agentNames(
  deps: Pick<Deps, "db">,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await repo.namesOf(
    deps.db,
    ids.filter((id) => AGENT_ID.test(id)),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether the user may chat with this custom agent (its owner or a link holder). */
export async function canUse(deps: Deps, user: SessionUser, id: string): Promise<boolean> {
  return AGENT_ID.test(id) && (await repo.findUsable(deps.db, { id, userId: user.id })) !== null;
}
export { accountData } from "./custom-agents.account.ts";
