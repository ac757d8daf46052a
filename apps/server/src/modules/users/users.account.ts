import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the users module holds of a person: their profile and personal settings. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  return {
    tables: await Promise.all([
      tableRows(db, schema.users, eq(schema.users.id, userId)),
      tableRows(db, schema.userSettings, eq(schema.userSettings.userId, userId)),
    ]),
  };
}
