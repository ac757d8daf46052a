import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";

/**
 * Reads of saved turns that chat kinds need while they run (the history module owns the table:
 * ARCHITECTURE.md §3.1; answers and agents read it through history.service.ts).
 */
const { searchHistory } = schema;
export type TurnRow = typeof searchHistory.$inferSelect;

/** A thread's turns of one user (any chat kind), oldest first (the latest `limit`, when given). */
export async function threadTurns(
  db: Db,
  options: { userId: string; threadId: string; limit?: number },
): Promise<TurnRow[]> {
  const where = and(
    eq(searchHistory.threadId, options.threadId),
    eq(searchHistory.userId, options.userId),
  );
  if (options.limit === undefined)
    return db
      .select()
      .from(searchHistory)
      .where(where)
      .orderBy(asc(searchHistory.timestamp), asc(searchHistory.id));
  const latest = await db
    .select()
    .from(searchHistory)
    .where(where)
    .orderBy(desc(searchHistory.timestamp), desc(searchHistory.id))
    .limit(options.limit);
  return latest.reverse();
}

/**
 * A saved turn that shows its conversation was charged: a reply that completed (not stopped), or
 * one saved with `charged` (a stopped reply of a conversation already charged — a stopped
 * regenerate replaces the completed turn it regenerates, and the charge must not be forgotten).
 */
const chargedTurn = (results: SQL) =>
  sql`(coalesce(${results}->>'stopped', '') <> 'true' or coalesce(${results}->>'charged', '') = 'true')`;

/**
 * What a thread of the user's is: its kind and subject, its turn count, and whether it was charged
 * (an agent conversation is charged the first time one of its replies completes); null: none.
 */
export async function threadInfo(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<{ kind: string; subjectId: string | null; turns: number; charged: boolean } | null> {
  const rows = await db
    .select({
      kind: sql<string>`min(${searchHistory.kind})`,
      subjectId: sql<string | null>`min(${searchHistory.subjectId})`,
      turns: sql<number>`count(*)::int`,
      charged: sql<boolean>`coalesce(bool_or(${chargedTurn(sql`${searchHistory.results}`)}), false)`,
    })
    .from(searchHistory)
    .where(
      and(eq(searchHistory.threadId, options.threadId), eq(searchHistory.userId, options.userId)),
    );
  const row = rows[0];
  return row && row.turns > 0 ? row : null;
}

/** The subjects (agents) of the user's threads of `kind`, by their latest turn, most recent first. */
export async function recentSubjects(
  db: Db,
  options: { userId: string; kind: string; limit: number },
): Promise<string[]> {
  const { userId, limit } = options;
  const rows = await db
    .select({ agentId: searchHistory.subjectId })
    .from(searchHistory)
    .where(and(eq(searchHistory.userId, userId), eq(searchHistory.kind, options.kind)))
    .groupBy(searchHistory.subjectId)
    .orderBy(desc(sql`max(${searchHistory.timestamp})`))
    .limit(limit);
  return rows.flatMap((r) => (r.agentId ? [r.agentId] : []));
}

/**
 * How the reply `entryId` of the user's was saved: `completed` (saved, not stopped), and
 * `chargedBefore`: its conversation holds a charged turn saved before it (another reply of the
 * same, then uncharged, conversation that ran alongside it and completed first).
 */
export async function replyOutcome(
  db: Db,
  options: { userId: string; entryId: string },
): Promise<{ completed: boolean; chargedBefore: boolean; threadId: string | null }> {
  const result = await db.execute<{ charged_before: boolean; thread_id: string }>(sql`
    select me.thread_id, exists (
      select 1 from search_history other
      where other.user_id = me.user_id and other.thread_id = me.thread_id and other.id <> me.id
        and ${chargedTurn(sql.raw("other.results"))}
        and (other.timestamp, other.id) < (me.timestamp, me.id)
    ) as charged_before
    from search_history me
    where me.id = ${options.entryId} and me.user_id = ${options.userId}
      and coalesce(me.results->>'stopped', '') <> 'true'`);
  const row = result.rows[0];
  return {
    completed: row !== undefined,
    chargedBefore: row?.charged_before === true,
    threadId: row?.thread_id ?? null,
  };
}

/** The question and answer markdown of one of the user's entries (read-only). */
export async function ownEntryText(
  db: Db,
  options: { userId: string; entryId: string },
): Promise<{ query: string; markdown: unknown } | undefined> {
  const [row] = await db
    .select({
      query: searchHistory.query,
      markdown: sql<unknown>`${searchHistory.results}->'markdown'`,
    })
    .from(searchHistory)
    .where(and(eq(searchHistory.id, options.entryId), eq(searchHistory.userId, options.userId)))
    .limit(1);
  return row;
}

/**
 * A page of the user's turns, whole threads at a time: every turn of the next `threads` threads
 * after `afterThreadId` (by thread id), by thread, oldest turn first. Pages through a whole history
 * with one statement per page (the history ZIP), never the whole of it at once.
 */
export async function turnsByThread(
  db: Db,
  options: { userId: string; afterThreadId: string | null; threads: number },
): Promise<TurnRow[]> {
  const { userId, afterThreadId, threads } = options;
  const after = afterThreadId === null ? sql`` : sql`and p.thread_id > ${afterThreadId}`;
  const page = sql`(
    select distinct p.thread_id from search_history p
    where p.user_id = ${userId} ${after}
    order by p.thread_id limit ${threads})`;
  return db
    .select()
    .from(searchHistory)
    .where(and(eq(searchHistory.userId, userId), sql`${searchHistory.threadId} in ${page}`))
    .orderBy(asc(searchHistory.threadId), asc(searchHistory.timestamp), asc(searchHistory.id));
}

/** A listed thread of one subject: its id, subject, first question, own title and latest turn. */
export interface SubjectThread {
  threadId: string;
  subjectId: string | null;
  firstQuery: string;
  title: string | null;
  latestAt: Date;
}

/**
 * The user's threads of `kind` about `subjectId`, or among `threadIds`, newest first (answered
 * turns only, as History lists them), at most `limit`.
 */
export async function subjectThreads(
  db: Db,
  options: {
    userId: string;
    kind: string;
    subjectId: string;
    threadIds: readonly string[];
    limit: number;
  },
): Promise<SubjectThread[]> {
  const { userId, kind, subjectId, threadIds, limit } = options;
  const among = threadIds.length > 0 ? sql` or h.thread_id in ${[...threadIds]}` : sql``;
  const { rows } = await db.execute<{
    thread_id: string;
    subject_id: string | null;
    first_query: string;
    title: string | null;
    latest_at: Date | string;
  }>(sql`
    select h.thread_id,
      (array_agg(h.subject_id order by h.timestamp asc, h.id asc))[1] as subject_id,
      (array_agg(h.query order by h.timestamp asc, h.id asc))[1] as first_query,
      max(t.title) as title,
      max(h.timestamp) as latest_at
    from search_history h
    left join thread_titles t on t.user_id = h.user_id and t.thread_id = h.thread_id
    where h.user_id = ${userId} and h.kind = ${kind}
      and (h.results->>'markdown') <> ''
      and (h.subject_id = ${subjectId}${among})
    group by h.thread_id
    order by max(h.timestamp) desc
    limit ${limit}`);
  return rows.map((r) => ({
    threadId: r.thread_id,
    subjectId: r.subject_id,
    firstQuery: r.first_query,
    title: r.title,
    latestAt: new Date(r.latest_at),
  }));
}
