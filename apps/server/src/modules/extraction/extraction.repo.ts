import { type ExtractionRowMode, extractionRowIndex } from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";

const { extractions, extractionRows, runs } = schema;

export type ExtractionRecord = typeof extractions.$inferSelect;
export type ExtractionRowRecord = typeof extractionRows.$inferSelect;
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** An extraction with its latest run's status and result (modules/runs writes those). */
export interface ExtractionWithRun extends ExtractionRecord {
  status: (typeof runs.$inferSelect)["status"] | null;
  result: Record<string, unknown> | null;
}

const withRun = {
  id: extractions.id,
  userId: extractions.userId,
  title: extractions.title,
  fields: extractions.fields,
  sources: extractions.sources,
  rowMode: extractions.rowMode,
  runId: extractions.runId,
  createdAt: extractions.createdAt,
  updatedAt: extractions.updatedAt,
  status: runs.status,
  result: runs.result,
};

export async function insertExtraction(
  db: Executor,
  values: typeof extractions.$inferInsert,
): Promise<void> {
  await db.insert(extractions).values(values);
}

/** A pending row per source (per item: the source's first item's, until it is read). */
export async function insertRows(
  db: Executor,
  extractionId: string,
  count: number,
  mode: ExtractionRowMode,
): Promise<void> {
  if (count === 0) return;
  await db.insert(extractionRows).values(
    Array.from({ length: count }, (_, source) => ({
      extractionId,
      row: extractionRowIndex(mode, source),
      status: "pending" as const,
    })),
  );
}

/** Rows written whether or not they exist yet (a per-item source's items after a read), at once. */
export async function upsertRows(
  db: Executor,
  extractionId: string,
  rows: ReadonlyArray<{
    row: number;
    status: "pending" | "done" | "failed";
    cells: Record<string, unknown>;
    error: string | null;
  }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(extractionRows)
    .values(rows.map((r) => ({ extractionId, ...r, updatedAt: now })))
    .onConflictDoUpdate({
      target: [extractionRows.extractionId, extractionRows.row],
      set: {
        status: sql`excluded.status`,
        cells: sql`excluded.cells`,
        error: sql`excluded.error`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Rows numbered in [from, to): a per-item source's items past those its latest read found. */
export async function deleteRowsBetween(
  db: Executor,
  extractionId: string,
  from: number,
  to: number,
): Promise<void> {
  if (from >= to) return;
  await db
    .delete(extractionRows)
    .where(
      and(
        eq(extractionRows.extractionId, extractionId),
        gte(extractionRows.row, from),
        lt(extractionRows.row, to),
      ),
    );
}

export async function findOwned(
  db: Executor,
  userId: string,
  id: string,
): Promise<ExtractionWithRun | null> {
  const [row] = await db
    .select(withRun)
    .from(extractions)
    .leftJoin(runs, eq(runs.id, extractions.runId))
    .where(and(eq(extractions.id, id), eq(extractions.userId, userId)));
  return row ?? null;
}

export async function findById(db: Executor, id: string): Promise<ExtractionRecord | null> {
  const [row] = await db.select().from(extractions).where(eq(extractions.id, id));
  return row ?? null;
}

export async function listOwned(
  db: Executor,
  userId: string,
  limit: number,
): Promise<Array<ExtractionWithRun & { rowsDone: number; rowCount: number }>> {
  return db
    .select({
      ...withRun,
      rowsDone: sql<number>`(select count(*)::int from ${extractionRows} r where r.extraction_id = ${extractions.id} and r.status = 'done')`,
      rowCount: sql<number>`(select count(*)::int from ${extractionRows} r where r.extraction_id = ${extractions.id})`,
    })
    .from(extractions)
    .leftJoin(runs, eq(runs.id, extractions.runId))
    .where(eq(extractions.userId, userId))
    .orderBy(desc(extractions.createdAt))
    .limit(limit);
}

export function rowsOf(db: Executor, extractionId: string): Promise<ExtractionRowRecord[]> {
  return db
    .select()
    .from(extractionRows)
    .where(eq(extractionRows.extractionId, extractionId))
    .orderBy(extractionRows.row);
}

export async function saveRow(
  db: Executor,
  values: {
    extractionId: string;
    row: number;
    status: "pending" | "done" | "failed";
    cells: Record<string, unknown>;
    error: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(extractionRows)
    .set({ status: values.status, cells: values.cells, error: values.error, updatedAt: values.now })
    .where(
      and(eq(extractionRows.extractionId, values.extractionId), eq(extractionRows.row, values.row)),
    );
}

/** Rows set back to pending (a re-run of them); their cells stay until the row is saved again. */
export async function markPending(
  db: Executor,
  extractionId: string,
  rows: readonly number[] | "all",
): Promise<void> {
  const where =
    rows === "all"
      ? eq(extractionRows.extractionId, extractionId)
      : and(eq(extractionRows.extractionId, extractionId), inArray(extractionRows.row, [...rows]));
  await db.update(extractionRows).set({ status: "pending" }).where(where);
}

export async function setRun(db: Executor, id: string, runId: string, now: Date): Promise<void> {
  await db.update(extractions).set({ runId, updatedAt: now }).where(eq(extractions.id, id));
}

export async function touch(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(extractions).set({ updatedAt: now }).where(eq(extractions.id, id));
}

export async function deleteExtraction(db: Executor, id: string): Promise<void> {
  await db.delete(extractions).where(eq(extractions.id, id));
}

/** The owner's extractions whose latest run is queued, running or failed, newest first. */
export function listUnfinished(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: extractions.id,
      title: extractions.title,
      createdAt: extractions.createdAt,
      updatedAt: extractions.updatedAt,
      endedAt: runs.endedAt,
      status: runs.status,
    })
    .from(extractions)
    .innerJoin(runs, eq(runs.id, extractions.runId))
    .where(
      and(eq(extractions.userId, userId), inArray(runs.status, ["queued", "running", "failed"])),
    )
    .orderBy(desc(extractions.updatedAt))
    .limit(limit);
}

/** Titles of the owner's extractions among `ids`. */
export function titlesOf(db: Executor, userId: string, ids: readonly string[]) {
  return db
    .select({ id: extractions.id, title: extractions.title })
    .from(extractions)
    .where(and(eq(extractions.userId, userId), inArray(extractions.id, [...ids])));
}

/** The extraction whose latest run is `runId` (null: none, or a later run replaced it). */
export async function findRunOwner(db: Executor, runId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: extractions.id })
    .from(extractions)
    .where(eq(extractions.runId, runId));
  return row?.id ?? null;
}

/** The extraction's schema replaced (a field added). */
export async function setFields(
  db: Executor,
  id: string,
  fields: ReadonlyArray<Record<string, unknown>>,
  now: Date,
): Promise<void> {
  await db
    .update(extractions)
    .set({ fields: [...fields], updatedAt: now })
    .where(eq(extractions.id, id));
}
