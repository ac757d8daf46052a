import { type Db, schema } from "@nexus/db";
import { sql } from "drizzle-orm";

/** Thread titles: a renamed thread's own title, per owner (table thread_titles). */
const { threadTitles } = schema;

export interface TitleRow {
  /** The owner's own title, null when the thread was never renamed. */
  title: string | null;
  firstQuery: string;
}

/** The user's title for a thread and its first query; null when the user has no such thread. */
export async function threadTitle(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<TitleRow | null> {
  const { rows } = await db.execute<{ title: string | null; first_query: string }>(sql`
    select t.title, f.query as first_query
    from (
      select h.query from search_history h
      where h.user_id = ${options.userId} and h.thread_id = ${options.threadId}
        and h.results->>'markdown' <> ''
      order by h.timestamp asc, h.id asc limit 1
    ) f
    left join thread_titles t on t.user_id = ${options.userId} and t.thread_id = ${options.threadId}`);
  const row = rows[0];
  return row ? { title: row.title, firstQuery: row.first_query } : null;
}

/**
 * Sets the user's title for a thread, in one statement that writes only when the user has an
 * answered entry in it; false (nothing written) when not.
 */
export async function setThreadTitle(
  db: Db,
  options: { userId: string; threadId: string; title: string; now: Date },
): Promise<boolean> {
  const { userId, threadId, title, now } = options;
  const { rows } = await db.execute<{ thread_id: string }>(sql`
    insert into thread_titles (user_id, thread_id, title, updated_at)
    select ${userId}, ${threadId}, ${title}, ${now}
    where exists (
      select 1 from search_history h
      where h.user_id = ${userId} and h.thread_id = ${threadId} and h.results->>'markdown' <> ''
    )
    on conflict (user_id, thread_id) do update set title = excluded.title,
      updated_at = excluded.updated_at
    returning thread_id`);
  return rows.length > 0;
}

/** Forgets the user's title of a thread (when the thread is deleted). */
export async function deleteThreadTitle(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<void> {
  await db
    .delete(threadTitles)
    .where(
      sql`${threadTitles.userId} = ${options.userId} and ${threadTitles.threadId} = ${options.threadId}`,
    );
}

/** The user's own titles of these threads (the renamed ones only): thread id → title. */
export async function ownTitles(
  db: Db,
  options: { userId: string; threadIds: readonly string[] },
): Promise<Map<string, string>> {
  if (options.threadIds.length === 0) return new Map();
  const { rows } = await db.execute<{ thread_id: string; title: string }>(sql`
    select t.thread_id, t.title from thread_titles t
    where t.user_id = ${options.userId} and t.thread_id in ${[...options.threadIds]}`);
  return new Map(rows.map((r) => [r.thread_id, r.title]));
}
