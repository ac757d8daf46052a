import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, derivedCount, tableRows } from "../../lib/account-data.ts";

/**
 * What the files module holds of a person: their files' rows (the bytes go beside them), and the
 * passages cut from them for search, counted: they are the files' own text again.
 */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const [files, chunks] = await Promise.all([
    tableRows(db, schema.files, eq(schema.files.userId, userId), ["storageKey"]),
    derivedCount(
      db,
      schema.fileChunks,
      eq(schema.fileChunks.userId, userId),
      "The passages of your files that search reads: the files' own text, which is in files/.",
    ),
  ]);
  return { tables: [files], derived: [chunks] };
}
