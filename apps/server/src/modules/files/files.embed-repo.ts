import { type Db, schema } from "@nexus/db";
import { and, eq, sql } from "drizzle-orm";
import { setStatus } from "./files.repo.ts";
import { syncFileVectors } from "./files.vectors.ts";

/** The embeddings of a file's passages, written after the fact (files.embed.ts). */

const { files, fileChunks } = schema;

/** The passages of a file, in order, for embedding them after the fact. */
export async function chunkTexts(
  db: Db,
  fileId: string,
): Promise<{ ordinal: number; headingPath: string; content: string }[]> {
  return db
    .select({
      ordinal: fileChunks.ordinal,
      headingPath: fileChunks.headingPath,
      content: fileChunks.content,
    })
    .from(fileChunks)
    .where(eq(fileChunks.fileId, fileId))
    .orderBy(fileChunks.ordinal);
}

/** Rows per UPDATE when embeddings are written after the fact (~3 KB each at 768 dimensions). */
const EMBEDDING_UPDATE_BATCH = 1_000;

/**
 * Writes the embeddings of every chunk of a ready file and records the model, in one
 * transaction; removes `warning` from the file's warnings. False (nothing written) when the file
 * is gone, not ready or already embedded with `model`; throws (nothing written) when its chunks
 * are not exactly `ordinals`.
 */
export async function saveEmbeddings(
  db: Db,
  options: {
    fileId: string;
    model: string;
    ordinals: number[];
    embeddings: Buffer[];
    warning: string;
    now: Date;
  },
): Promise<boolean> {
  const { fileId, model, ordinals, embeddings } = options;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: files.status, model: files.embeddingModel, warnings: files.warnings })
      .from(files)
      .where(eq(files.id, fileId))
      .for("update");
    if (locked?.status !== "ready" || locked.model === model) return false;
    let updated = 0;
    for (let i = 0; i < ordinals.length; i += EMBEDDING_UPDATE_BATCH) {
      const result = await tx.execute(sql`
        update file_chunks c set embedding = v.embedding
        from unnest(
          ${`{${ordinals.slice(i, i + EMBEDDING_UPDATE_BATCH).join(",")}}`}::int[],
          ${sql.param(embeddings.slice(i, i + EMBEDDING_UPDATE_BATCH))}::bytea[]
        ) as v(ordinal, embedding)
        where c.file_id = ${fileId} and c.ordinal = v.ordinal`);
      updated += result.rowCount ?? 0;
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, fileId));
    // Never a file recorded as embedded with a chunk left out: undo everything instead.
    if (updated !== ordinals.length || count?.n !== ordinals.length)
      throw new Error(
        `embeddings for ${updated} of ${count?.n} passages of file ${fileId}: nothing saved`,
      );
    await syncFileVectors(db, tx, fileId);
    await setStatus(
      tx,
      fileId,
      {
        embeddingModel: model,
        warnings: locked.warnings.filter((w) => w !== options.warning),
      },
      options.now,
    );
    return true;
  });
}

/** Ready files with no embeddings of `model` (embedded with none, or another model). */
export async function filesWithoutEmbeddings(db: Db, model: string): Promise<string[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.status, "ready"), sql`${files.embeddingModel} is distinct from ${model}`))
    .orderBy(files.createdAt);
  return rows.map((r) => r.id);
}
