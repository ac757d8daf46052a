import { type Db, schema } from "@nexus/db";
import { and, eq, inArray, sql } from "drizzle-orm";

/** Pins and bulk deletes of a user's threads (tables thread_pins, search_history, thread_titles). */
const { searchHistory, threadTitles, threadPins } = schema;

export type PinOutcome = "pinned" | "missing" | "full";

/**
 * Pins one of the user's threads (one with an answered entry), at most `max` pinned threads that
 * still exist; serialised per user (an advisory lock), so parallel pins cannot pass the cap.
 */
export async function pinThread(
  db: Db,
  options: { userId: string; threadId: string; now: Date; max: number },
): Promise<PinOutcome> {
  const { userId, threadId, now, max } = options;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`thread_pins:${userId}`}, 0))`,
    );
    const { rows } = await tx.execute<{ owned: boolean; pinned: boolean; live: number }>(sql`
      select
        exists (select 1 from search_history h where h.user_id = ${userId}
          and h.thread_id = ${threadId} and h.results->>'markdown' <> '') as owned,
        exists (select 1 from thread_pins p where p.user_id = ${userId}
          and p.thread_id = ${threadId}) as pinned,
        (select count(*)::int from thread_pins p where p.user_id = ${userId} and exists (
          select 1 from search_history h where h.user_id = p.user_id
            and h.thread_id = p.thread_id and h.results->>'markdown' <> '')) as live`);
    const row = rows[0];
    if (!row?.owned) return "missing";
    if (row.pinned) return "pinned";
    if (row.live >= max) return "full";
    await tx.insert(threadPins).values({ userId, threadId, pinnedAt: now }).onConflictDoNothing();
    return "pinned";
  });
}

/** Unpins one of the user's threads; false when the user has no such thread and no such pin. */
export async function unpinThread(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<boolean> {
  const { userId, threadId } = options;
  const removed = await db
    .delete(threadPins)
    .where(and(eq(threadPins.userId, userId), eq(threadPins.threadId, threadId)))
    .returning({ threadId: threadPins.threadId });
  if (removed.length > 0) return true;
  const { rows } = await db.execute<{ owned: boolean }>(sql`
    select exists (select 1 from search_history h where h.user_id = ${userId}
      and h.thread_id = ${threadId} and h.results->>'markdown' <> '') as owned`);
  return rows[0]?.owned === true;
}

/** Which of `threadIds` the user has entries in. */
export async function ownedThreads(
  db: Db,
  options: { userId: string; threadIds: readonly string[] },
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ threadId: searchHistory.threadId })
    .from(searchHistory)
    .where(
      and(
        eq(searchHistory.userId, options.userId),
        inArray(searchHistory.threadId, [...options.threadIds]),
      ),
    );
  return new Set(rows.map((r) => r.threadId));
}

/** Thrown inside the transaction when a thread was gone by then: nothing is deleted. */
export class ThreadsChanged extends Error {}

/**
 * Deletes the user's entries of every thread in `threadIds`, with their titles and pins, in one
 * transaction: all of them, or — one of them has no entry of the user's any more — none.
 */
export async function deleteThreads(
  db: Db,
  options: { userId: string; threadIds: readonly string[] },
): Promise<number> {
  const ids = [...options.threadIds];
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(searchHistory)
      .where(and(eq(searchHistory.userId, options.userId), inArray(searchHistory.threadId, ids)))
      .returning({ threadId: searchHistory.threadId });
    if (new Set(rows.map((r) => r.threadId)).size !== ids.length) throw new ThreadsChanged();
    await tx
      .delete(threadTitles)
      .where(and(eq(threadTitles.userId, options.userId), inArray(threadTitles.threadId, ids)));
    await tx
      .delete(threadPins)
      .where(and(eq(threadPins.userId, options.userId), inArray(threadPins.threadId, ids)));
    return ids.length;
  });
}
