import { type Db, schema } from "@nexus/db";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { syncFileVectors } from "./files.vectors.ts";

const { files, fileChunks } = schema;

export type FileRow = typeof files.$inferSelect;
export type NewChunk = Omit<typeof fileChunks.$inferInsert, "fileId" | "userId">;
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** The file row (its ingestion run is created by the caller, in the same transaction). */
export async function insertFile(
  db: Executor,
  values: {
    id: string;
    userId: string;
    name: string;
    kind: string;
    size: number;
    storageKey: string;
    contentSha256: string;
    runId: string;
  },
): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error("file insert returned no row");
  return row;
}

export async function findOwned(db: Db, userId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)));
  return row ?? null;
}

/** Those of `fileIds` the user owns (any order). */
export async function findOwnedMany(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, [...fileIds])));
}

export async function findById(db: Db, fileId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row ?? null;
}

export interface ListedFile extends FileRow {
  matchPage: number | null;
  matchSnippet: string | null;
}

const HEADLINE = 'MaxWords=30, MinWords=12, MaxFragments=1, StartSel="", StopSel=""';

/** The person's files, newest first; with q: names containing it or content matching it. */
export async function listOwned(db: Db, userId: string, q?: string): Promise<ListedFile[]> {
  if (!q) {
    const rows = await db
      .select()
      .from(files)
      .where(eq(files.userId, userId))
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(1000);
    return rows.map((r) => ({ ...r, matchPage: null, matchSnippet: null }));
  }
  const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const result = await db.execute<{
    id: string;
    match_page: number | null;
    match_snippet: string | null;
  }>(sql`
    with q as (select websearch_to_tsquery('english', ${q}) as tsq)
    select f.id, m.page as match_page,
           case when m.content is null then null
                else ts_headline('english', m.content, q.tsq, ${HEADLINE}) end as match_snippet
    from files f cross join q
    left join lateral (
      select c.page, c.content from file_chunks c
      where c.user_id = ${userId} and c.file_id = f.id and c.search_vector @@ q.tsq
      order by ts_rank_cd(c.search_vector, q.tsq) desc, c.ordinal
      limit 1
    ) m on true
    where f.user_id = ${userId} and (f.name ilike ${pattern} or m.page is not null)
    order by f.created_at desc, f.id desc
    limit 1000
  `);
  if (result.rows.length === 0) return [];
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, [...byId.keys()])))
    .orderBy(desc(files.createdAt), desc(files.id));
  return rows.map((r) => ({
    ...r,
    matchPage: byId.get(r.id)?.match_page ?? null,
    matchSnippet: byId.get(r.id)?.match_snippet?.replace(/\s+/g, " ").trim() ?? null,
  }));
}

export async function storageUsed(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.userId, userId));
  return Number(row?.total ?? 0);
}

export async function rename(
  db: Db,
  userId: string,
  fileId: string,
  name: string,
  now: Date,
): Promise<FileRow | null> {
  const [row] = await db
    .update(files)
    .set({ name, updatedAt: now })
    .where(and(eq(files.id, fileId), eq(files.userId, userId)))
    .returning();
  return row ?? null;
}

/** Removes the file and its chunks (cascade); the caller removes its run in the same transaction. */
export async function remove(
  db: Executor,
  userId: string,
  fileId: string,
): Promise<FileRow | null> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)))
    .returning();
  return row ?? null;
}

export async function setStatus(
  db: Executor,
  fileId: string,
  values: Partial<
    Pick<
      FileRow,
      | "status"
      | "error"
      | "errorCause"
      | "errorCode"
      | "pages"
      | "chars"
      | "warnings"
      | "embeddingModel"
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(files)
    .set({ ...values, updatedAt: now })
    .where(eq(files.id, fileId));
}

/** A file in one of these states is finished: no attempt at it may move it again. */
export const ENDED_STATUSES = ["ready", "failed"] as const;

/**
 * Moves a file that has not ended (ready or failed) to `status`; false when it has ended (another
 * attempt at the same file finished it meanwhile), and then nothing changes.
 */
export async function advanceUnended(
  db: Executor,
  fileId: string,
  status: "indexing",
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(files)
    .set({ status, updatedAt: now })
    .where(and(eq(files.id, fileId), notInArray(files.status, [...ENDED_STATUSES])))
    .returning({ id: files.id });
  return moved.length > 0;
}

/**
 * Replaces the file's chunks and marks it ready in one transaction: a retried job (after a crash)
 * clears what an earlier attempt wrote, and a file is never ready with half its chunks. With
 * `embeddingModel`, every chunk carries its embedding.
 */
export async function saveChunks(
  db: Db,
  file: { id: string; userId: string },
  chunks: NewChunk[],
  ready: {
    pages: number;
    ocrPages: number[];
    ocrBoxes: Record<string, number[][]>;
    chars: number;
    warnings: string[];
    embeddingModel: string | null;
  },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: files.status })
      .from(files)
      .where(eq(files.id, file.id))
      .for("update");
    if (!locked || locked.status === "ready" || locked.status === "failed") return false;
    await tx.delete(fileChunks).where(eq(fileChunks.fileId, file.id));
    for (let i = 0; i < chunks.length; i += 500) {
      await tx
        .insert(fileChunks)
        .values(
          chunks.slice(i, i + 500).map((c) => ({ ...c, fileId: file.id, userId: file.userId })),
        );
    }
    await syncFileVectors(db, tx, file.id);
    await setStatus(
      tx,
      file.id,
      { status: "ready", error: null, errorCause: null, errorCode: null, ...ready },
      now,
    );
    return true;
  });
}

/** Marks the file failed unless it already ended; true when this call ended it. */
export async function markFailed(
  db: Db,
  fileId: string,
  failure: { error: string; errorCause: "user" | "system"; errorCode: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ status: "failed", ...failure, updatedAt: now })
    .where(and(eq(files.id, fileId), sql`${files.status} not in ('ready', 'failed')`))
    .returning({ id: files.id });
  return rows.length > 0;
}

/** Failure codes after which a PDF may be read again with a (new) password. */
const PASSWORD_CODES: ReadonlyArray<string | null> = ["encrypted", "wrong_password"];

/** A PDF that failed for want of its password (or with a wrong one): it may be tried again. */
export function waitsForPassword(row: FileRow): boolean {
  return row.kind === "pdf" && row.status === "failed" && PASSWORD_CODES.includes(row.errorCode);
}

/** The owner's file, locked for the rest of the transaction `tx`. */
export async function lockOwned(
  tx: Executor,
  userId: string,
  fileId: string,
): Promise<FileRow | null> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)))
    .for("update");
  return row ?? null;
}

/** A failed file back to "queued" under a new run (so its events start again at seq 1). */
export async function requeue(
  tx: Executor,
  fileId: string,
  runId: string,
  now: Date,
): Promise<FileRow | null> {
  const [row] = await tx
    .update(files)
    .set({
      status: "queued",
      error: null,
      errorCause: null,
      errorCode: null,
      runId,
      updatedAt: now,
    })
    .where(eq(files.id, fileId))
    .returning();
  return row ?? null;
}

/** Of `fileIds`, those that are files of this person. */
export async function existingIds(db: Db, userId: string, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, fileIds)));
  return rows.map((r) => r.id);
}

export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: files.storageKey })
    .from(files)
    .where(eq(files.userId, userId));
  return rows.map((r) => r.key);
}

/** The owner as a signed-in caller (usage refunds are charged back to this account's tier). */
export async function ownerOf(db: Db, userId: string) {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  return row ?? null;
}
