import { type Db, schema } from "@nexus/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { storableJson, storableText } from "../../lib/text-guard.ts";

/** The history module's writes (its reads are in history.repo.ts). */
const { searchHistory, threadTitles, threadPins } = schema;

/** Sets isBookmarked on the user's entry; false when the user has no such entry. */
export async function setBookmark(
  db: Db,
  options: { userId: string; entryId: string; isBookmarked: boolean },
): Promise<boolean> {
  const rows = await db
    .update(searchHistory)
    .set({ isBookmarked: options.isBookmarked })
    .where(and(eq(searchHistory.id, options.entryId), eq(searchHistory.userId, options.userId)))
    .returning({ id: searchHistory.id });
  return rows.length > 0;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/*
 * Share links die with what they show: answer shares cascade with their entry (shares.entry_id),
 * and the trigger search_history_revoke_thread_shares (migration 0003) revokes every live thread
 * share whose snapshot holds a deleted entry, in the deleting transaction.
 */

/** Deletes the user's entry; false when the user has no such entry. */
export async function deleteEntry(
  db: Db,
  options: { userId: string; entryId: string },
): Promise<boolean> {
  const rows = await db
    .delete(searchHistory)
    .where(and(eq(searchHistory.id, options.entryId), eq(searchHistory.userId, options.userId)))
    .returning({ id: searchHistory.id });
  return rows.length > 0;
}

/** Deletes all the user's entries of a thread and its title; false when it has none. */
export async function deleteThread(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(searchHistory)
      .where(
        and(eq(searchHistory.threadId, options.threadId), eq(searchHistory.userId, options.userId)),
      )
      .returning({ id: searchHistory.id });
    // Its title and pin go with it (a thread of the same id started later is a new thread).
    await tx
      .delete(threadTitles)
      .where(
        and(eq(threadTitles.threadId, options.threadId), eq(threadTitles.userId, options.userId)),
      );
    await tx
      .delete(threadPins)
      .where(and(eq(threadPins.threadId, options.threadId), eq(threadPins.userId, options.userId)));
    return rows.length > 0;
  });
}

export type NewEntry = typeof searchHistory.$inferInsert;

/**
 * Saves an imported thread once. `entries` carry ids derived from (user, source thread, turn), so
 * a repeated import finds its earlier copy and returns that thread instead of adding another. The
 * thread keeps `preferredThreadId` unless any entry (of anyone) already uses it. Then, like every
 * save, the user's threads beyond `maxThreads` (> 0) are deleted, oldest latest activity first.
 */
export async function importThread(
  db: Db,
  options: {
    userId: string;
    preferredThreadId: string;
    newThreadId: string;
    entries: Omit<NewEntry, "threadId" | "userId">[];
    maxThreads: number;
  },
): Promise<string> {
  const { userId, entries, maxThreads } = options;
  const ids = entries.map((e) => e.id);
  const previous = async (tx: Tx) => {
    const [row] = await tx
      .select({ threadId: searchHistory.threadId })
      .from(searchHistory)
      .where(and(inArray(searchHistory.id, ids), eq(searchHistory.userId, userId)))
      .limit(1);
    return row?.threadId ?? null;
  };
  return db.transaction(async (tx) => {
    const earlier = await previous(tx);
    if (earlier !== null) return earlier;
    const [taken] = await tx
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(eq(searchHistory.threadId, options.preferredThreadId))
      .limit(1);
    const threadId = taken ? options.newThreadId : options.preferredThreadId;
    const inserted = await tx
      .insert(searchHistory)
      .values(entries.map((e) => ({ ...e, userId, threadId })))
      .onConflictDoNothing({ target: searchHistory.id })
      .returning({ id: searchHistory.id });
    // A concurrent import of the same thread won the race: answer with its copy.
    if (inserted.length === 0) return (await previous(tx)) ?? threadId;
    if (maxThreads > 0)
      await tx.execute(sql`
        delete from search_history
        where user_id = ${userId} and thread_id in (
          select thread_id from search_history where user_id = ${userId}
          group by thread_id order by max(timestamp) desc offset ${maxThreads}
        )`);
    return threadId;
  });
}

/** Earlier versions of a regenerated (or edited and resent) turn kept with it, newest last. */
export const MAX_KEPT_VERSIONS = 9;

/**
 * Saves one answered turn of any chat kind as ONE statement (no transaction held across round
 * trips): deletes the entry `replaces` of the same user and thread (a regenerated answer, or an
 * edited question sent again) and keeps what it said as the new entry's earlier version
 * (`results.versions`: its question, time, results and parts; at most MAX_KEPT_VERSIONS, the
 * oldest dropped), inserts the entry and, when `maxThreads` > 0, deletes the user's oldest
 * threads beyond it (by their latest entry). The saved thread is the newest and always kept, so
 * the others are ranked without it and `maxThreads - 1` of them stay. Returns the versions kept.
 */
const SAVE_ENTRY_SQL = `
with replaced as (
  delete from "search_history"
  where $8::text is not null and "id" = $8 and "user_id" = $2::uuid and "thread_id" = $3
  returning "query", "timestamp", "results", "parts"
), versions as (
  select coalesce(r."results"->'versions', '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
    'query', r."query", 'timestamp', r."timestamp", 'results', r."results" - 'versions',
    'parts', r."parts")) as "all"
  from replaced r
), kept as (
  select coalesce(jsonb_agg(v.value order by v.n), '[]'::jsonb) as "list"
  from versions, jsonb_array_elements(versions."all") with ordinality as v(value, n)
  where v.n > jsonb_array_length(versions."all") - ${MAX_KEPT_VERSIONS}
), saved as (
  insert into "search_history"
    ("id", "user_id", "thread_id", "timestamp", "query", "focus_mode", "results", "kind", "subject_id", "parts")
  select $1::text, $2::uuid, $3::text, $4::timestamptz, $5::text, $6::text,
    case when exists (select 1 from replaced)
      then $7::jsonb || jsonb_build_object('versions', (select "list" from kept))
      else $7::jsonb end,
    $10::text, $11::text, $12::jsonb
), trimmed as (
  delete from "search_history"
  where $9::int > 0 and "user_id" = $2::uuid and "thread_id" in (
    select "thread_id" from "search_history"
    where "user_id" = $2::uuid and "thread_id" <> $3
    group by "thread_id" order by max("timestamp") desc offset greatest($9::int - 1, 0)
  )
)
select (select "list" from kept) as "versions"`;

export async function saveEntry(
  db: Db,
  options: { entry: typeof searchHistory.$inferInsert; maxThreads: number; replaces?: string },
): Promise<unknown[]> {
  const { entry, maxThreads, replaces } = options;
  const result = await db.$client.query<{ versions: unknown[] | null }>({
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
      entry.kind ?? "answer",
      entry.subjectId ?? null,
      entry.parts == null ? null : storableJson(entry.parts),
    ],
  });
  return result.rows[0]?.versions ?? [];
}

/**
 * Saves a copied thread for the user in one transaction and, when `maxThreads` > 0, deletes the
 * user's oldest threads beyond it (the same retention as a newly answered thread).
 */
export async function insertCopiedThread(
  db: Db,
  options: { userId: string; entries: (typeof searchHistory.$inferInsert)[]; maxThreads: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(searchHistory).values(options.entries);
    if (options.maxThreads <= 0) return;
    await tx.execute(sql`
      delete from search_history
      where user_id = ${options.userId} and thread_id in (
        select thread_id from search_history where user_id = ${options.userId}
        group by thread_id order by max(timestamp) desc offset ${options.maxThreads}
      )`);
  });
}
