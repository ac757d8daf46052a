import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/**
 * What the auth module holds of a person: their sessions and sign-in links, when each was made
 * and ends, never the hashes that stand for their secrets.
 */
export async function accountData(db: Db, userId: string, email: string): Promise<AccountData> {
  return {
    tables: await Promise.all([
      tableRows(db, schema.sessions, eq(schema.sessions.userId, userId), ["idHash"]),
      tableRows(db, schema.signInTokens, eq(schema.signInTokens.email, email), ["tokenHash"]),
    ]),
  };
}
