import { type Db, schema } from "@nexus/db";
import { eq, inArray } from "drizzle-orm";
import { type AccountData, derivedCount, tableRows } from "../../lib/account-data.ts";

/**
 * What the runs module holds of a person: their runs (research and other long work, with their
 * outcome), and the runs' live progress events, counted: what they streamed is in the results.
 */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const own = db
    .select({ id: schema.runs.id })
    .from(schema.runs)
    .where(eq(schema.runs.userId, userId));
  const [runs, events] = await Promise.all([
    tableRows(db, schema.runs, eq(schema.runs.userId, userId)),
    derivedCount(
      db,
      schema.runEvents,
      inArray(schema.runEvents.runId, own),
      "The live progress of your runs: what they produced is in history/ and runs.",
    ),
  ]);
  return { tables: [runs], derived: [events] };
}
