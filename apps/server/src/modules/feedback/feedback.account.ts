import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the feedback module holds of a person: the ratings and comments they gave answers. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  return { tables: [await tableRows(db, schema.feedback, eq(schema.feedback.userId, userId))] };
}
