import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import { readVectorInto } from "../../ai/embeddings.ts";
import {
  ensureHnswIndex,
  usesPgvector,
  vectorLiteral,
} from "../../integrations/search/pgvector.ts";

/**
 * The pgvector column of file passages (file_chunks.embedding_vector), written here: the files
 * module is the one writer of file_chunks (integrations/search/pgvector.ts adds the column and its
 * indexes and searches it). Without pgvector, nothing is written.
 */

/** Passages converted per statement. */
const FILL_BATCH = 500;

function literalOfBytes(bytes: Buffer): string {
  const vector = new Float32Array(bytes.byteLength / 4);
  readVectorInto(bytes, vector, 0);
  return vectorLiteral(vector);
}

type Executor = Pick<Db, "execute">;

/** Writes `rows` (ordinal, Float32 bytea) of a file into embedding_vector, FILL_BATCH at a time. */
async function writeVectors(
  db: Executor,
  fileId: string,
  rows: { ordinal: number; embedding: Buffer }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += FILL_BATCH) {
    const batch = rows.slice(i, i + FILL_BATCH);
    await db.execute(sql`
      update file_chunks c set embedding_vector = v.literal::vector
      from unnest(
        ${`{${batch.map((r) => r.ordinal).join(",")}}`}::int[],
        ${sql.param(batch.map((r) => literalOfBytes(r.embedding)))}::text[]
      ) as v(ordinal, literal)
      where c.file_id = ${fileId} and c.ordinal = v.ordinal`);
  }
}

/**
 * Copies a file's embeddings into embedding_vector (and clears it where a passage has none), when
 * the database has pgvector; nothing otherwise. Call it in the transaction that wrote them.
 */
export async function syncFileVectors(db: Db, tx: Executor, fileId: string): Promise<void> {
  if (!(await usesPgvector(db))) return;
  await tx.execute(sql`
    update file_chunks set embedding_vector = null
    where file_id = ${fileId} and embedding is null and embedding_vector is not null`);
  const result = await tx.execute<{ ordinal: number; embedding: Buffer }>(sql`
    select ordinal, embedding from file_chunks
    where file_id = ${fileId} and embedding is not null order by ordinal`);
  await writeVectors(tx, fileId, result.rows);
  // A model with new dimensions gets its index, built beside (it waits for this transaction).
  const dimensions = (result.rows[0]?.embedding.byteLength ?? 0) / 4;
  if (dimensions > 0) void ensureHnswIndex(db, dimensions);
}

/**
 * Passages with an embedding and no vector yet, file by file (files with embeddings in id order,
 * each file's passages through the primary key: never a scan of the whole table per file).
 * Returns how many were filled.
 */
export async function fillMissingVectors(db: Db): Promise<number> {
  let filled = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const next = await db.execute<{ id: string }>(sql`
      select id from files where embedding_model is not null and id > ${after}::uuid
      order by id limit 100`);
    if (next.rows.length === 0) return filled;
    for (const { id: fileId } of next.rows) {
      await db.transaction(async (tx) => {
        const rows = await tx.execute<{ ordinal: number; embedding: Buffer }>(sql`
          select ordinal, embedding from file_chunks
          where file_id = ${fileId} and embedding is not null and embedding_vector is null
          order by ordinal for update`);
        await writeVectors(tx, fileId, rows.rows);
        filled += rows.rows.length;
      });
    }
    after = next.rows.at(-1)?.id as string;
  }
}
