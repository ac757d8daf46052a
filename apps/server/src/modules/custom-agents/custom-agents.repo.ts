import type { CustomAgentInput, CustomAgentKnowledgeFile } from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

const { customAgents, customAgentGrants, customAgentFiles, files, users } = schema;
export type CustomAgentRow = typeof customAgents.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A knowledge file id that is not one of the owner's files: the whole change is rolled back. */
export class ForeignKnowledgeFile extends Error {
  constructor() {
    super("a knowledge file is not the owner's");
    this.name = "ForeignKnowledgeFile";
  }
}

/**
 * Makes `fileIds` the agent's knowledge. Only the owner's files are linked (one statement, so a
 * file deleted meanwhile is simply not found); fewer links than ids throws ForeignKnowledgeFile,
 * which rolls the caller's transaction back.
 */
async function setKnowledge(
  tx: Tx,
  options: { agentId: string; ownerId: string; fileIds: readonly string[] },
): Promise<void> {
  await tx.delete(customAgentFiles).where(eq(customAgentFiles.agentId, options.agentId));
  if (options.fileIds.length === 0) return;
  const linked = await tx.execute<{ file_id: string }>(sql`
    insert into custom_agent_files (agent_id, file_id)
    select ${options.agentId}::uuid, f.id from files f
    where f.user_id = ${options.ownerId} and f.id in ${[...options.fileIds]}
    returning file_id`);
  if (linked.rows.length !== new Set(options.fileIds).size) throw new ForeignKnowledgeFile();
}

/**
 * Creates the owner's agent unless they already keep `max` (null then): the count and the insert
 * run under a per-owner advisory lock held to the end of the transaction, so of parallel creates
 * at most `max` agents are ever kept.
 */
export async function create(
  db: Db,
  ownerId: string,
  input: CustomAgentInput,
  max: number,
): Promise<CustomAgentRow | null> {
  const { knowledgeFileIds, ...definition } = input;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`custom-agents:${ownerId}`}, 0))`,
    );
    const [kept] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customAgents)
      .where(eq(customAgents.ownerId, ownerId));
    if ((kept?.n ?? 0) >= max) return null;
    const [row] = await tx
      .insert(customAgents)
      .values({ ownerId, ...definition })
      .returning();
    if (!row) throw new Error("custom agent not created");
    await setKnowledge(tx, { agentId: row.id, ownerId, fileIds: knowledgeFileIds });
    return row;
  });
}

/** Each agent's knowledge files (name order), by agent id; agents without any are absent. */
export async function knowledgeOf(
  db: Db,
  agentIds: readonly string[],
): Promise<Map<string, CustomAgentKnowledgeFile[]>> {
  const out = new Map<string, CustomAgentKnowledgeFile[]>();
  if (agentIds.length === 0) return out;
  const rows = await db
    .select({
      agentId: customAgentFiles.agentId,
      id: files.id,
      name: files.name,
      status: files.status,
      pages: files.pages,
    })
    .from(customAgentFiles)
    .innerJoin(files, eq(files.id, customAgentFiles.fileId))
    .where(inArray(customAgentFiles.agentId, [...agentIds]))
    .orderBy(asc(files.name), asc(files.id));
  for (const { agentId, ...file } of rows) {
    const list = out.get(agentId) ?? [];
    list.push(file);
    out.set(agentId, list);
  }
  return out;
}

/** The agent if the user owns it or holds its link (a grant); null otherwise. */
export async function findUsable(
  db: Db,
  options: { id: string; userId: string },
): Promise<CustomAgentRow | null> {
  const [row] = await db
    .select()
    .from(customAgents)
    .where(eq(customAgents.id, options.id))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === options.userId) return row;
  const [grant] = await db
    .select({ agentId: customAgentGrants.agentId })
    .from(customAgentGrants)
    .where(
      and(eq(customAgentGrants.agentId, options.id), eq(customAgentGrants.userId, options.userId)),
    )
    .limit(1);
  return grant ? row : null;
}

export async function listOwn(db: Db, ownerId: string): Promise<CustomAgentRow[]> {
  return db
    .select()
    .from(customAgents)
    .where(eq(customAgents.ownerId, ownerId))
    .orderBy(desc(customAgents.updatedAt));
}

export async function listGranted(db: Db, userId: string): Promise<CustomAgentRow[]> {
  const rows = await db
    .select({ agent: customAgents })
    .from(customAgentGrants)
    .innerJoin(customAgents, eq(customAgents.id, customAgentGrants.agentId))
    .where(eq(customAgentGrants.userId, userId))
    .orderBy(desc(customAgentGrants.createdAt));
  return rows.map((r) => r.agent);
}

/**
 * Replaces the owner's agent, knowledge included (all or nothing); null when the user owns no such
 * agent.
 */
export async function update(
  db: Db,
  options: { id: string; ownerId: string; input: CustomAgentInput },
): Promise<CustomAgentRow | null> {
  const { knowledgeFileIds, ...definition } = options.input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customAgents)
      .set({ ...definition, updatedAt: new Date() })
      .where(and(eq(customAgents.id, options.id), eq(customAgents.ownerId, options.ownerId)))
      .returning();
    if (!row) return null;
    await setKnowledge(tx, {
      agentId: row.id,
      ownerId: options.ownerId,
      fileIds: knowledgeFileIds,
    });
    return row;
  });
}

export async function remove(db: Db, options: { id: string; ownerId: string }): Promise<boolean> {
  const rows = await db
    .delete(customAgents)
    .where(and(eq(customAgents.id, options.id), eq(customAgents.ownerId, options.ownerId)))
    .returning({ id: customAgents.id });
  return rows.length > 0;
}

/** Sets (a new token) or clears (null: revoked, every grant dropped) the share link. */
export async function setShareToken(
  db: Db,
  options: { id: string; ownerId: string; token: string | null },
): Promise<CustomAgentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customAgents)
      .set({ shareToken: options.token })
      .where(and(eq(customAgents.id, options.id), eq(customAgents.ownerId, options.ownerId)))
      .returning();
    if (row && options.token === null)
      await tx.delete(customAgentGrants).where(eq(customAgentGrants.agentId, row.id));
    return row ?? null;
  });
}

/** The agent shared by this token, granting it to the user (its owner gets nothing new). */
export async function acceptShare(
  db: Db,
  options: { token: string; userId: string },
): Promise<CustomAgentRow | null> {
  const [row] = await db
    .select()
    .from(customAgents)
    .where(eq(customAgents.shareToken, options.token))
    .limit(1);
  if (!row) return null;
  if (row.ownerId !== options.userId)
    await db
      .insert(customAgentGrants)
      .values({ agentId: row.id, userId: options.userId })
      .onConflictDoNothing();
  return row;
}

/** The names of the agents of `ids` (any owner: a conversation names its agent as history does). */
export async function namesOf(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: customAgents.id, name: customAgents.name })
    .from(customAgents)
    .where(inArray(customAgents.id, [...ids]));
}

/** An agent's knowledge files as an export names them: name and content hash. */
export async function knowledgeHashesOf(
  db: Db,
  agentId: string,
): Promise<Array<{ name: string; sha256: string | null }>> {
  return db
    .select({ name: files.name, sha256: files.contentSha256 })
    .from(customAgentFiles)
    .innerJoin(files, eq(files.id, customAgentFiles.fileId))
    .where(eq(customAgentFiles.agentId, agentId))
    .orderBy(asc(files.name), asc(files.id));
}

/** The person's files holding these bytes (by SHA-256): hash → file id. */
export async function ownFilesByHash(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, sha256: files.contentSha256 })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.contentSha256, [...hashes])));
  return new Map(rows.flatMap((r) => (r.sha256 ? [[r.sha256, r.id] as const] : [])));
}

/** The agent a share token stands for, with its owner's display name and knowledge count. */
export async function previewByToken(
  db: Db,
  token: string,
): Promise<{ row: CustomAgentRow; ownerName: string; knowledgeCount: number } | null> {
  const [found] = await db
    .select({ row: customAgents, ownerName: users.name })
    .from(customAgents)
    .innerJoin(users, eq(users.id, customAgents.ownerId))
    .where(eq(customAgents.shareToken, token));
  if (!found) return null;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customAgentFiles)
    .where(eq(customAgentFiles.agentId, found.row.id));
  return { ...found, knowledgeCount: counted?.n ?? 0 };
}
