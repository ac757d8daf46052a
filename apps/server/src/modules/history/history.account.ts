import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the history module holds of a person: every turn (bookmarks among them), titles, pins. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  return {
    tables: await Promise.all([
      tableRows(db, schema.searchHistory, eq(schema.searchHistory.userId, userId), [
        "searchVector",
      ]),
      tableRows(db, schema.threadTitles, eq(schema.threadTitles.userId, userId)),
      tableRows(db, schema.threadPins, eq(schema.threadPins.userId, userId)),
    ]),
  };
}
