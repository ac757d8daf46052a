import { type Db, schema } from "@nexus/db";
import { and, eq, lt, sql } from "drizzle-orm";
import { preparedQuery } from "../../lib/prepared.ts";

const { usageRecords, usageCounters } = schema;
type Executor = Db;

export type CounterColumn = "search" | "addFiles" | "agentUsage";

export interface Subject {
  subjectId: string;
  userId: string | null;
  isAnonymous: boolean;
}

const readCountersQuery = preparedQuery((db) =>
  db
    .select()
    .from(usageCounters)
    .where(
      and(
        sql`${usageCounters.subjectId} = any(${sql.placeholder("subjectIds")}::text[])`,
        eq(usageCounters.period, sql.placeholder("period")),
      ),
    )
    .prepare("usage_counters_read"),
);

/** The hot path of every usage check. */
export async function readCounters(db: Db, subjectIds: string[], period: string) {
  if (subjectIds.length === 0) return [];
  return readCountersQuery(db).execute({ subjectIds, period });
}

/**
 * Makes sure the records and this period's counter rows exist (idempotent, race-free), in one
 * statement: the counter rows' foreign key is checked at the end of the statement, after the
 * records are in.
 */
const ENSURE_SQL = `
with record as (
  insert into usage_records (subject_id, user_id, is_anonymous, created_at, last_updated)
  select s.subject_id, s.user_id, s.is_anonymous, $4, $4
  from unnest($1::text[], $2::uuid[], $3::bool[]) as s(subject_id, user_id, is_anonymous)
  on conflict (subject_id) do nothing
)
insert into usage_counters (subject_id, period, last_updated)
select s.subject_id, $5, $4 from unnest($1::text[]) as s(subject_id)
on conflict (subject_id, period) do nothing`;

export async function ensureRows(
  db: Db,
  subjects: Subject[],
  period: string,
  now: Date,
): Promise<void> {
  await db.$client.query({
    name: "usage_ensure_rows",
    text: ENSURE_SQL,
    values: [
      subjects.map((s) => s.subjectId),
      subjects.map((s) => s.userId),
      subjects.map((s) => s.isAnonymous),
      now,
      period,
    ],
  });
}

/** The snake_case column of each counter (fixed names: never built from input). */
const COUNTER_SQL: Record<CounterColumn, string> = {
  search: "search",
  addFiles: "add_files",
  agentUsage: "agent_usage",
};

/**
 * One subject (a signed-in user): check-and-increment as ONE statement, no transaction held
 * across round trips. The record and the counter row are created if missing; an existing row is
 * only incremented while `count + amount <= limit` (limit 0 = unlimited). PostgreSQL locks the
 * conflicting row and re-evaluates that WHERE on its latest version, so of N concurrent callers
 * with one unit left exactly one gets a row back. The record's lastUpdated is touched only when
 * charged (a record inserted by this statement already carries `now`).
 */
const consumeOneSql = (col: string) => `
with record as (
  insert into usage_records (subject_id, user_id, is_anonymous, created_at, last_updated)
  values ($1, $2, $3, $5, $5)
  on conflict (subject_id) do nothing
), charged as (
  insert into usage_counters as c (subject_id, period, ${col}, last_updated)
  select $1, $4, $6::int, $5 where $7::int = 0 or $6::int <= $7::int
  on conflict (subject_id, period) do update
    set ${col} = c.${col} + excluded.${col}, last_updated = excluded.last_updated
    where $7::int = 0 or c.${col} + excluded.${col} <= $7::int
  returning c.${col} as current
), touched as (
  update usage_records set last_updated = $5
  where subject_id = $1 and exists (select 1 from charged)
)
select (select current from charged) as current`;

/**
 * Several subjects (an anonymous caller: its id and its address): all or nothing, as ONE
 * statement. Their counter rows are locked in key order (no deadlocks), the highest count decides,
 * and every row is incremented only when allowed. Rows that do not exist yet are reported
 * (`rows` < subjects) and nothing is charged: the caller creates them and asks again.
 */
const consumeManySql = (col: string) => `
with locked as materialized (
  select ${col} as n from usage_counters
  where subject_id = any($1::text[]) and period = $2
  order by subject_id
  for update
), verdict as materialized (
  select count(*)::int as rows, coalesce(max(n), 0)::int as current from locked
), charged as (
  update usage_counters c set ${col} = c.${col} + $3::int, last_updated = $4
  from verdict
  where c.subject_id = any($1::text[]) and c.period = $2
    and verdict.rows = cardinality($1::text[])
    and ($5::int = 0 or verdict.current + $3::int <= $5::int)
  returning 1
), touched as (
  update usage_records set last_updated = $4
  where subject_id = any($1::text[]) and exists (select 1 from charged)
)
select rows, current, (select count(*)::int from charged) as charged from verdict`;

/**
 * Adds `amount` (negative for a refund, never below 0): one statement, on the counters alone. It
 * touched the records too, locking a record and then its counter while a charge locks them the
 * other way round: a refund beside a charge of the same person deadlocked (40P01: a 500 for one
 * of five parallel uploads of the same file). A record's lastUpdated says when it was charged.
 */
const addSql = (col: string) => `
update usage_counters set ${col} = greatest(${col} + $3::int, 0), last_updated = $4
where subject_id = any($1::text[]) and period = $2`;

const statements = <T>(build: (col: string) => T) => ({
  search: build(COUNTER_SQL.search),
  addFiles: build(COUNTER_SQL.addFiles),
  agentUsage: build(COUNTER_SQL.agentUsage),
});
const CONSUME_ONE = statements(consumeOneSql);
const CONSUME_MANY = statements(consumeManySql);
const ADD = statements(addSql);

/** pg's client of a Db (the pool): named statements are parsed and planned once per connection. */
const clientOf = (db: Db) => db.$client;

export type ConsumeResult =
  | { allowed: true; current: number }
  | { allowed: false; current: number | null; missingRows?: boolean };

/** Check-and-increment of one subject's counter, atomically, in one round trip. */
export async function consumeOne(
  db: Db,
  values: {
    subject: Subject;
    period: string;
    counter: CounterColumn;
    amount: number;
    limit: number;
    now: Date;
  },
): Promise<ConsumeResult> {
  const { subject, counter } = values;
  const result = await clientOf(db).query<{ current: number | null }>({
    name: `usage_consume_one_${counter}`,
    text: CONSUME_ONE[counter],
    values: [
      subject.subjectId,
      subject.userId,
      subject.isAnonymous,
      values.period,
      values.now,
      values.amount,
      values.limit,
    ],
  });
  const current = result.rows[0]?.current ?? null;
  return current === null ? { allowed: false, current: null } : { allowed: true, current };
}

/** All-or-nothing check-and-increment of several subjects' counters in one round trip. */
export async function consumeMany(
  db: Db,
  values: {
    subjectIds: string[];
    period: string;
    counter: CounterColumn;
    amount: number;
    limit: number;
    now: Date;
  },
): Promise<ConsumeResult> {
  const { counter, subjectIds, amount } = values;
  const result = await clientOf(db).query<{ rows: number; current: number; charged: number }>({
    name: `usage_consume_many_${counter}`,
    text: CONSUME_MANY[counter],
    values: [subjectIds, values.period, amount, values.now, values.limit],
  });
  const row = result.rows[0];
  if (!row) throw new Error("usage consume returned no row");
  if (row.rows < subjectIds.length) return { allowed: false, current: null, missingRows: true };
  if (row.charged > 0) return { allowed: true, current: row.current + amount };
  return { allowed: false, current: row.current };
}

/** Adds `amount` (negative gives back; never below 0) to the subjects' counters: one round trip. */
export async function addAmount(
  db: Db,
  values: {
    subjectIds: string[];
    period: string;
    counter: CounterColumn;
    amount: number;
    now: Date;
  },
): Promise<void> {
  // A refund must not be lost to a busy pool: waiting for a connection is tried again (no
  // statement was sent yet, so asking again cannot give the unit back twice).
  const client = await connectPatiently(clientOf(db), values.amount < 0 ? REFUND_ATTEMPTS : 1);
  try {
    await client.query({
      name: `usage_add_${values.counter}`,
      text: ADD[values.counter],
      values: [values.subjectIds, values.period, values.amount, values.now],
    });
  } finally {
    client.release();
  }
}

/** Times a refund waits for a free connection of the pool (each its connection time-out). */
export const REFUND_ATTEMPTS = 4;

async function connectPatiently(pool: Db["$client"], attempts: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (attempt >= attempts || pool.ended) throw error;
    }
  }
}

/** Spec §7: anonymous usage records untouched for 30 days are deleted (counters cascade). */
export async function deleteStaleAnonymous(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(usageRecords)
    .where(and(eq(usageRecords.isAnonymous, true), lt(usageRecords.lastUpdated, before)))
    .returning({ id: usageRecords.subjectId });
  return rows.length;
}
