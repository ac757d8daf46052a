import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq } from "drizzle-orm";

const { searchHistory } = schema;
export type HistoryRow = typeof searchHistory.$inferSelect;

/** A thread's entries of one user, oldest first (index: thread_id, timestamp). */
export async function threadEntries(
  db: Db,
  options: { userId: string; threadId: string; limit?: number },
): Promise<HistoryRow[]> {
  const where = and(
    eq(searchHistory.threadId, options.threadId),
    eq(searchHistory.userId, options.userId),
  );
  if (options.limit === undefined)
    return db.select().from(searchHistory).where(where).orderBy(asc(searchHistory.timestamp));
  const latest = await db
    .select()
    .from(searchHistory)
    .where(where)
    .orderBy(desc(searchHistory.timestamp))
    .limit(options.limit);
  return latest.reverse();
}
