import { type Db, schema } from "@nexus/db";
import { eq, inArray } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/**
 * What the extraction module holds of a person: their extractions (schema, sources) and every
 * row of them (values, quotes, marks, their own corrections).
 */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const own = db
    .select({ id: schema.extractions.id })
    .from(schema.extractions)
    .where(eq(schema.extractions.userId, userId));
  const [extractions, rows] = await Promise.all([
    tableRows(db, schema.extractions, eq(schema.extractions.userId, userId)),
    tableRows(db, schema.extractionRows, inArray(schema.extractionRows.extractionId, own)),
  ]);
  return { tables: [extractions, rows] };
}
