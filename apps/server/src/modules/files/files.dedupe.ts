import { createHash } from "node:crypto";
import { schema } from "@nexus/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Storage } from "../../integrations/storage.ts";
import type { Executor, FileRow } from "./files.repo.ts";

const { files } = schema;

/** Files kept from before content_sha256 (migration 0019) hashed at most per upload. */
const LEGACY_CANDIDATES = 20;

/**
 * Inside the upload's transaction: waits for any other upload of the same bytes by the same
 * person to commit (a transaction-scoped advisory lock on owner + hash), then returns the file
 * already holding those bytes, if any. Parallel identical uploads thus yield one row; the unique
 * index files_user_sha256_uq stands behind it.
 *
 * Files added before the hash was kept (content_sha256 null) are the same bytes too: with
 * `legacy`, the person's unhashed files of the same size are read and hashed (the hash is kept,
 * so each is read once), and one holding these bytes is returned. Without this, attaching a file
 * that was already in Files uploaded it again: a duplicate row and one more upload counted.
 */
export async function lockAndFindSameBytes(
  tx: Executor,
  userId: string,
  sha256: string,
  legacy?: { size: number; storage: Storage },
): Promise<FileRow | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`nexus-file-bytes:${userId}:${sha256}`}, 0))`,
  );
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.contentSha256, sha256)));
  if (row || !legacy) return row ?? null;
  return adoptUnhashed(tx, userId, sha256, legacy);
}

async function adoptUnhashed(
  tx: Executor,
  userId: string,
  sha256: string,
  legacy: { size: number; storage: Storage },
): Promise<FileRow | null> {
  const candidates = await tx
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), isNull(files.contentSha256), eq(files.size, legacy.size)))
    .orderBy(asc(files.createdAt))
    .limit(LEGACY_CANDIDATES);
  for (const candidate of candidates) {
    let bytes: Uint8Array;
    try {
      bytes = await legacy.storage.getBytes(candidate.storageKey);
    } catch {
      continue; // its stored object is gone: not a copy to give back
    }
    const hash = createHash("sha256").update(bytes).digest("hex");
    // Kept unless another of the person's files already holds that hash (an older duplicate).
    const [kept] = await tx
      .update(files)
      .set({ contentSha256: hash })
      .where(
        and(
          eq(files.id, candidate.id),
          isNull(files.contentSha256),
          sql`not exists (select 1 from ${files} f where f.user_id = ${userId} and f.content_sha256 = ${hash})`,
        ),
      )
      .returning();
    if (hash === sha256) return kept ?? candidate;
  }
  return null;
}
