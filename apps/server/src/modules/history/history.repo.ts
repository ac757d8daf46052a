import { createHash } from "node:crypto";
import type { Db } from "@nexus/db";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Position } from "./history.cursor.ts";

/** The first characters of an answer a preview is made from. */
const PREVIEW_SOURCE_CHARS = 2000;

/** An entry's keyset position: its timestamp to the microsecond (UTC) and its id. */
const positionOf = (alias: string) =>
  sql.raw(`to_char(${alias}.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
/** A timestamp as the API shows it (ISO 8601, milliseconds, UTC). */
const isoOf = (expr: string) =>
  sql.raw(`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/**
 * Newest first, as the indexes hold them (drizzle's DESC is NULLS LAST; PostgreSQL's default
 * DESC is NULLS FIRST, which would not match the index and cost a sort).
 */
const newestFirst = (alias: string) =>
  sql.raw(`${alias}.timestamp desc nulls last, ${alias}.id desc nulls last`);
/**
 * Spec §3: entries without results.markdown are ignored in every list. The partial indexes
 * search_history_answered_* carry the same predicate, so it costs no read of `results`.
 */
const answered = (alias: string) => sql.raw(`${alias}.results->>'markdown' <> ''`);

/**
 * Entries at or before `p` (inclusive) or strictly before it, in (timestamp desc, id desc) order.
 * Written so the timestamp bound is an index condition and the id only breaks ties.
 */
function upTo(alias: string, p: Position, inclusive: boolean): SQL {
  const a = sql.raw(alias);
  const op = sql.raw(inclusive ? "<=" : "<");
  return sql`${a}.timestamp <= ${p.ts}::timestamptz and (${a}.timestamp < ${p.ts}::timestamptz or ${a}.id ${op} ${p.id})`;
}

const dialect = new PgDialect();

/**
 * Runs a read as a named prepared statement (one per distinct statement text, per connection):
 * the page queries are planned once per connection instead of on every request.
 */
async function runPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `history_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  const result = await db.$client.query<T>({ name, text, values: params });
  return result.rows;
}

/** The user's newest answered entry: where a history snapshot ends. Null when there is none. */
export async function newestPosition(db: Db, userId: string): Promise<Position | null> {
  const rows = await runPrepared<{ ts: string; id: string }>(
    db,
    sql`
    select ${positionOf("h")} as ts, h.id from search_history h
    where h.user_id = ${userId} and ${answered("h")}
    order by ${newestFirst("h")} limit 1`,
  );
  return rows[0] ?? null;
}

export type ThreadRow = {
  /** The thread's latest entry (as of the snapshot). */
  id: string;
  thread_id: string;
  pos: string;
  latest: string;
  focus_mode: string;
  markdown: string;
  message_count: number;
  first_ts: string;
  first_query: string;
  /** The owner's own title (thread_titles), null when never renamed. */
  custom_title: string | null;
  kind: string;
  subject_id: string | null;
};

/** The pinned threads only, or the others only (thread_pins' primary key: one probe per row). */
function pinFilter(alias: string, userId: string, pinned: ThreadPageOptions["pinned"]): SQL {
  if (!pinned) return sql``;
  const probe = sql`exists (select 1 from thread_pins pin
    where pin.user_id = ${userId} and pin.thread_id = ${sql.raw(alias)}.thread_id)`;
  return pinned === "only" ? sql`and ${probe}` : sql`and not ${probe}`;
}

/**
 * How a searched page finds its threads. "matches": the caller's matching entries first (GIN),
 * then each one's thread's latest entry: cheap when few entries match. "threads": the threads in
 * order, each checked for a matching entry, until the page is full: cheap when many match.
 */
export type SearchStrategy = "matches" | "threads";

export interface ThreadPageOptions {
  userId: string;
  snapshot: Position;
  after: Position | null;
  search: { tsQuery: string; strategy: SearchStrategy } | null;
  /** Only threads of these kinds (a thread's entries share one kind); absent: every kind. */
  kinds?: readonly string[] | undefined;
  /** Only the threads the user pinned, or only the others; absent: both. */
  pinned?: "only" | "exclude" | undefined;
  limit: number;
}

/**
 * One page of a user's threads as of `snapshot`, by latest activity (latest entry's timestamp,
 * then id), after the thread whose latest entry is `after`. A thread is represented by its latest
 * answered entry within the snapshot, so entries added later never move a thread between pages.
 * With `search`, only threads with an entry matching it (query or answer) within the snapshot.
 */
export async function threadPage(db: Db, options: ThreadPageOptions): Promise<ThreadRow[]> {
  return runPrepared<ThreadRow>(db, threadPageSql(options));
}

/** The statement of threadPage (exported for EXPLAIN in bench/history-pages.ts). */
export function threadPageSql(options: ThreadPageOptions): SQL {
  const { userId, snapshot, after, search, limit } = options;
  const afterCursor = (alias: string) => (after ? sql`and ${upTo(alias, after, false)}` : sql``);
  const filtered = (alias: string) =>
    sql`${
      options.kinds ? sql`and ${sql.raw(alias)}.kind in ${[...options.kinds, ""]}` : sql``
    } ${pinFilter(alias, userId, options.pinned)}`;
  const matching = (alias: string, tsQuery: string) =>
    sql`${sql.raw(alias)}.search_vector @@ to_tsquery('simple', ${tsQuery})`;
  // The latest entries of their threads, in order (index: search_history_answered_user_idx).
  const latestEntries = (join: SQL) => sql`
      select h.id, h.thread_id, h.timestamp from search_history h ${join}
      where h.user_id = ${userId} and ${upTo("h", snapshot, true)} ${afterCursor("h")}
        and ${answered("h")} ${filtered("h")}
        and not exists (
          select 1 from search_history l
          where l.thread_id = h.thread_id and l.user_id = h.user_id
            and l.timestamp >= h.timestamp and (l.timestamp > h.timestamp or l.id > h.id)
            and ${upTo("l", snapshot, true)} and ${answered("l")}
        )
      order by ${newestFirst("h")} limit ${limit}`;
  const page =
    search === null
      ? latestEntries(sql``)
      : search.strategy === "threads"
        ? // A lateral probe with LIMIT 1, not EXISTS: the planner cannot turn it into a hash
          // semi-join over every match, so the walk stops as soon as the page is full.
          latestEntries(sql`cross join lateral (
            select 1 from search_history f
            where f.thread_id = h.thread_id and f.user_id = h.user_id
              and ${upTo("f", snapshot, true)} and ${answered("f")}
              and ${matching("f", search.tsQuery)}
            limit 1) matches`)
        : sql`
      with matched as (
        select distinct f.thread_id from search_history f
        where f.user_id = ${userId} and ${matching("f", search.tsQuery)}
          and ${upTo("f", snapshot, true)} and ${answered("f")}
      )
      select h.id, h.thread_id, h.timestamp from matched m cross join lateral (
        select l.id, l.thread_id, l.timestamp, l.kind from search_history l
        where l.thread_id = m.thread_id and l.user_id = ${userId}
          and ${upTo("l", snapshot, true)} and ${answered("l")}
        order by ${newestFirst("l")} limit 1
      ) h
      where true ${afterCursor("h")} ${filtered("h")}
      order by ${newestFirst("h")} limit ${limit}`;
  return sql`
    with page as (${page})
    select e.id, e.thread_id, ${positionOf("e")} as pos, ${isoOf("e.timestamp")} as latest,
      e.focus_mode, left(e.results->>'markdown', ${PREVIEW_SOURCE_CHARS}) as markdown,
      e.kind, e.subject_id,
      s.message_count, first.first_ts, first.first_query, t.title as custom_title
    from page p
    join search_history e on e.id = p.id
    left join thread_titles t on t.user_id = ${userId} and t.thread_id = p.thread_id
    cross join lateral (
      select count(*)::int as message_count from search_history f
      where f.thread_id = p.thread_id and f.user_id = ${userId}
        and ${upTo("f", snapshot, true)} and ${answered("f")}
    ) s
    cross join lateral (
      select f.query as first_query, ${isoOf("f.timestamp")} as first_ts from search_history f
      where f.thread_id = p.thread_id and f.user_id = ${userId}
        and ${upTo("f", snapshot, true)} and ${answered("f")}
      order by f.timestamp asc nulls first, f.id asc nulls first limit 1
    ) first
    order by ${newestFirst("e")}`;
}

/**
 * Of the user's `sample` newest answered entries, how many match: a cheap, bounded look at how
 * common the searched words are (the planner's estimates for prefix queries are poor).
 */
export function sampleMatchesSql(options: { userId: string; tsQuery: string; sample: number }) {
  return sql`select count(*)::int as sampled,
      (count(*) filter (where r.search_vector @@ to_tsquery('simple', ${options.tsQuery})))::int
        as matched
    from (
      select f.search_vector from search_history f
      where f.user_id = ${options.userId} and ${answered("f")}
      order by ${newestFirst("f")} limit ${options.sample}) r`;
}

export async function sampleMatches(
  db: Db,
  options: { userId: string; tsQuery: string; sample: number },
): Promise<{ sampled: number; matched: number }> {
  const [row] = await runPrepared<{ sampled: number; matched: number }>(
    db,
    sampleMatchesSql(options),
  );
  return row ?? { sampled: 0, matched: 0 };
}

export type LibraryRow = {
  id: string;
  thread_id: string;
  query: string;
  focus_mode: string;
  ts: string;
  pos: string;
  markdown: string;
  sources: unknown;
  kind: string;
  subject_id: string | null;
};

/** Bookmarked answers, newest first, after `after` (index: user_id, is_bookmarked, timestamp). */
export async function libraryPage(db: Db, options: LibraryPageOptions): Promise<LibraryRow[]> {
  return runPrepared<LibraryRow>(db, libraryPageSql(options));
}

export interface LibraryPageOptions {
  userId: string;
  after: Position | null;
  tsQuery: string | null;
  limit: number;
}

/** The statement of libraryPage (exported for EXPLAIN in bench/history-pages.ts). */
export function libraryPageSql(options: LibraryPageOptions): SQL {
  const { userId, after, tsQuery, limit } = options;
  return sql`
    select e.id, e.thread_id, e.query, e.focus_mode, ${isoOf("e.timestamp")} as ts,
      ${positionOf("e")} as pos, left(e.results->>'markdown', ${PREVIEW_SOURCE_CHARS}) as markdown,
      e.results->'sources' as sources, e.kind, e.subject_id
    from search_history e
    where e.user_id = ${userId} and e.is_bookmarked = true and ${answered("e")}
      ${after ? sql`and ${upTo("e", after, false)}` : sql``}
      ${tsQuery ? sql`and e.search_vector @@ to_tsquery('simple', ${tsQuery})` : sql``}
    order by ${newestFirst("e")} limit ${limit}`;
}
