import { type Db, schema } from "@nexus/db";
import { eq, inArray } from "drizzle-orm";
import { type AccountData, tableRows } from "../../lib/account-data.ts";

/**
 * What the custom agents module holds of a person: the agents they made (with their knowledge
 * files' links), and the agents shared with them that they took.
 */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const own = db
    .select({ id: schema.customAgents.id })
    .from(schema.customAgents)
    .where(eq(schema.customAgents.ownerId, userId));
  return {
    tables: await Promise.all([
      tableRows(db, schema.customAgents, eq(schema.customAgents.ownerId, userId)),
      tableRows(db, schema.customAgentFiles, inArray(schema.customAgentFiles.agentId, own)),
      tableRows(db, schema.customAgentGrants, eq(schema.customAgentGrants.userId, userId)),
    ]),
  };
}
