import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the usage module holds of a person: their usage record and counts per month. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  return {
    tables: await Promise.all([
      tableRows(db, schema.usageRecords, eq(schema.usageRecords.subjectId, userId)),
      tableRows(db, schema.usageCounters, eq(schema.usageCounters.subjectId, userId)),
    ]),
  };
}
