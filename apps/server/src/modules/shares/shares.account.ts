import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the shares module holds of a person: every answer, thread and NexDocs
 * document they shared by link. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  return {
    tables: await Promise.all([
      tableRows(db, schema.shares, eq(schema.shares.userId, userId)),
      tableRows(db, schema.threadShares, eq(schema.threadShares.userId, userId)),
      tableRows(db, schema.nexdocsShares, eq(schema.nexdocsShares.userId, userId)),
    ]),
  };
}
