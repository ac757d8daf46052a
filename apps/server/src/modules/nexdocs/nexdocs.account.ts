import { type Db, schema } from "@nexus/db";
import { eq, inArray } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/** What the NexDocs module holds of a person: their documents, each one's kept versions and
 * images. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const own = db
    .select({ id: schema.nexdocsDocuments.id })
    .from(schema.nexdocsDocuments)
    .where(eq(schema.nexdocsDocuments.userId, userId));
  return {
    tables: await Promise.all([
      tableRows(db, schema.nexdocsDocuments, eq(schema.nexdocsDocuments.userId, userId)),
      tableRows(db, schema.nexdocsRevisions, inArray(schema.nexdocsRevisions.documentId, own)),
      tableRows(db, schema.nexdocsImages, eq(schema.nexdocsImages.userId, userId)),
    ]),
  };
}
