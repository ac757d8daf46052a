import type { CustomAgentInput } from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { and, desc, eq } from "drizzle-orm";

const { customAgents, customAgentGrants } = schema;
export type CustomAgentRow = typeof customAgents.$inferSelect;

export async function create(
  db: Db,
  ownerId: string,
  input: CustomAgentInput,
): Promise<CustomAgentRow> {
  const [row] = await db
    .insert(customAgents)
    .values({ ownerId, ...input })
    .returning();
  if (!row) throw new Error("custom agent not created");
  return row;
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

/** Updates the owner's agent; null when the user owns no such agent. */
export async function update(
  db: Db,
  options: { id: string; ownerId: string; input: CustomAgentInput },
): Promise<CustomAgentRow | null> {
  const [row] = await db
    .update(customAgents)
    .set({ ...options.input, updatedAt: new Date() })
    .where(and(eq(customAgents.id, options.id), eq(customAgents.ownerId, options.ownerId)))
    .returning();
  return row ?? null;
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
