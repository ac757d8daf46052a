import { schema } from "@nexus/db";
import { and, eq, sql } from "drizzle-orm";
import type { Executor, FileRow } from "./files.repo.ts";

const { files } = schema;

/**
 * Inside the upload's transaction: waits for any other upload of the same bytes by the same
 * person to commit (a transaction-scoped advisory lock on owner + hash), then returns the file
 * already holding those bytes, if any. Parallel identical uploads thus yield one row; the unique
 * index files_user_sha256_uq stands behind it.
 */
export async function lockAndFindSameBytes(
  tx: Executor,
  userId: string,
  sha256: string,
): Promise<FileRow | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`nexus-file-bytes:${userId}:${sha256}`}, 0))`,
  );
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.contentSha256, sha256)));
  return row ?? null;
}
