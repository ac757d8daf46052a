import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq, sql } from "drizzle-orm";

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

/**
 * Saves one answered turn (replacing the entry `replaces` of the same user and thread, for a
 * regenerated answer) and, when `maxThreads` > 0, deletes the user's oldest threads beyond it (by
 * their latest entry), in one transaction.
 */
export async function saveEntry(
  db: Db,
  options: { entry: typeof searchHistory.$inferInsert; maxThreads: number; replaces?: string },
): Promise<void> {
  const { entry, maxThreads, replaces } = options;
  await db.transaction(async (tx) => {
    if (replaces !== undefined)
      await tx
        .delete(searchHistory)
        .where(
          and(
            eq(searchHistory.id, replaces),
            eq(searchHistory.userId, entry.userId),
            eq(searchHistory.threadId, entry.threadId),
          ),
        );
    await tx.insert(searchHistory).values(entry);
    if (maxThreads <= 0) return;
    await tx.execute(sql`
      delete from search_history
      where user_id = ${entry.userId} and thread_id in (
        select thread_id from search_history where user_id = ${entry.userId}
        group by thread_id order by max(timestamp) desc offset ${maxThreads}
      )`);
  });
}
