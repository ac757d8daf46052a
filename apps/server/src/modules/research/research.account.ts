import { type Db, schema } from "@nexus/db";
import { eq, inArray } from "drizzle-orm";
import { type AccountData, derivedCount, tableRows } from "../../lib/account-data.ts";

/**
 * What the research module holds of a person: their research (question, plan, notes, state),
 * and the web pages each read, counted: public pages, cited in the reports.
 */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const own = db
    .select({ id: schema.research.runId })
    .from(schema.research)
    .where(eq(schema.research.userId, userId));
  const [rows, pages] = await Promise.all([
    tableRows(db, schema.research, eq(schema.research.userId, userId)),
    derivedCount(
      db,
      schema.researchPages,
      inArray(schema.researchPages.runId, own),
      "The web pages your research read: public pages, named with their addresses in the reports.",
    ),
  ]);
  return { tables: [rows], derived: [pages] };
}
