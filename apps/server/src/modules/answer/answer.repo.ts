import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { storableJson, storableText } from "../../lib/text-guard.ts";

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
 * Saves one answered turn as ONE statement (no transaction held across round trips): deletes the
 * entry `replaces` of the same user and thread (a regenerated answer), inserts the entry and, when
 * `maxThreads` > 0, deletes the user's oldest threads beyond it (by their latest entry). The
 * saved thread is the newest and always kept, so the others are ranked without it and
 * `maxThreads - 1` of them stay.
 */
const SAVE_ENTRY_SQL = `
with replaced as (
  delete from "search_history"
  where $8::text is not null and "id" = $8 and "user_id" = $2 and "thread_id" = $3
), saved as (
  insert into "search_history" ("id", "user_id", "thread_id", "timestamp", "query", "focus_mode", "results")
  values ($1, $2, $3, $4, $5, $6, $7::jsonb)
), trimmed as (
  delete from "search_history"
  where $9::int > 0 and "user_id" = $2 and "thread_id" in (
    select "thread_id" from "search_history"
    where "user_id" = $2 and "thread_id" <> $3
    group by "thread_id" order by max("timestamp") desc offset greatest($9::int - 1, 0)
  )
)
select 1`;

export async function saveEntry(
  db: Db,
  options: { entry: typeof searchHistory.$inferInsert; maxThreads: number; replaces?: string },
): Promise<void> {
  const { entry, maxThreads, replaces } = options;
  await db.$client.query({
    name: "history_save_entry",
    text: SAVE_ENTRY_SQL,
    values: [
      entry.id,
      entry.userId,
      entry.threadId,
      entry.timestamp ?? new Date(),
      storableText(entry.query),
      entry.focusMode ?? "web",
      // A model or search backend may send NUL or broken text, which jsonb cannot hold.
      storableJson(entry.results ?? {}),
      replaces ?? null,
      maxThreads,
    ],
  });
}
