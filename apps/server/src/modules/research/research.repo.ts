import { type Db, schema } from "@nexus/db";
import { and, desc, eq, ilike, inArray, sql } from "drizzle-orm";

const { research, researchPages, runs } = schema;

export type ResearchRow = typeof research.$inferSelect;
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** A research with its run's status, checkpoint and result (read only: modules/runs writes them). */
export interface ResearchWithRun extends ResearchRow {
  status: (typeof runs.$inferSelect)["status"];
  checkpoint: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  endedAt: Date | null;
  cancelRequestedAt: Date | null;
}

const withRun = {
  threadId: research.threadId,
  userId: research.userId,
  runId: research.runId,
  question: research.question,
  depth: research.depth,
  sources: research.sources,
  subQuestions: research.subQuestions,
  offline: research.offline,
  createdAt: research.createdAt,
  finishRequestedAt: research.finishRequestedAt,
  status: runs.status,
  checkpoint: runs.checkpoint,
  result: runs.result,
  endedAt: runs.endedAt,
  cancelRequestedAt: runs.cancelRequestedAt,
};

export async function insertResearch(
  db: Executor,
  values: typeof research.$inferInsert,
): Promise<ResearchRow> {
  const [row] = await db.insert(research).values(values).returning();
  if (!row) throw new Error("research insert returned no row");
  return row;
}

export async function findOwned(
  db: Executor,
  userId: string,
  threadId: string,
): Promise<ResearchWithRun | null> {
  const [row] = await db
    .select(withRun)
    .from(research)
    .innerJoin(runs, eq(runs.id, research.runId))
    .where(and(eq(research.threadId, threadId), eq(research.userId, userId)));
  return row ?? null;
}

export async function findByRun(db: Executor, runId: string): Promise<ResearchWithRun | null> {
  const [row] = await db
    .select(withRun)
    .from(research)
    .innerJoin(runs, eq(runs.id, research.runId))
    .where(eq(research.runId, runId));
  return row ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The owner's research, newest first (`q`: in the question). */
export async function listOwned(
  db: Executor,
  userId: string,
  options: { q?: string | undefined; limit: number },
): Promise<ResearchWithRun[]> {
  const where = options.q
    ? and(eq(research.userId, userId), ilike(research.question, `%${escapeLike(options.q)}%`))
    : eq(research.userId, userId);
  return db
    .select(withRun)
    .from(research)
    .innerJoin(runs, eq(runs.id, research.runId))
    .where(where)
    .orderBy(desc(research.createdAt))
    .limit(options.limit);
}

export async function deleteResearch(db: Executor, threadId: string): Promise<void> {
  await db.delete(research).where(eq(research.threadId, threadId));
}

/** Keeps what was read from a source (a retried step writes the same text again). */
export async function savePages(
  db: Executor,
  runId: string,
  pages: ReadonlyArray<{ sourceId: number; text: string }>,
): Promise<void> {
  if (pages.length === 0) return;
  await db
    .insert(researchPages)
    .values(pages.map((p) => ({ runId, sourceId: p.sourceId, text: p.text })))
    .onConflictDoUpdate({
      target: [researchPages.runId, researchPages.sourceId],
      set: { text: sql`excluded.text` },
    });
}

/** The text read from these sources, by source id. */
export async function pageTexts(
  db: Executor,
  runId: string,
  sourceIds: readonly number[],
): Promise<Map<number, string>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await db
    .select({ sourceId: researchPages.sourceId, text: researchPages.text })
    .from(researchPages)
    .where(and(eq(researchPages.runId, runId), inArray(researchPages.sourceId, [...sourceIds])));
  return new Map(rows.map((r) => [r.sourceId, r.text]));
}

export async function requestFinish(db: Executor, threadId: string, now: Date): Promise<void> {
  await db
    .update(research)
    .set({ finishRequestedAt: sql`coalesce(${research.finishRequestedAt}, ${now})` })
    .where(eq(research.threadId, threadId));
}

/** A resumed research: "finish now" asked before it ended no longer applies. */
export async function clearFinish(db: Executor, threadId: string): Promise<void> {
  await db.update(research).set({ finishRequestedAt: null }).where(eq(research.threadId, threadId));
}

/**
 * The owner's research still queued or running, or failed, newest first: listed in History and
 * Recent with its state (index: research_user_recent_idx, then each one's run).
 */
export function listUnfinished(db: Executor, userId: string, limit: number) {
  return db
    .select({
      threadId: research.threadId,
      runId: research.runId,
      question: research.question,
      createdAt: research.createdAt,
      endedAt: runs.endedAt,
      status: runs.status,
    })
    .from(research)
    .innerJoin(runs, eq(runs.id, research.runId))
    .where(and(eq(research.userId, userId), inArray(runs.status, ["queued", "running", "failed"])))
    .orderBy(desc(research.createdAt))
    .limit(limit);
}
