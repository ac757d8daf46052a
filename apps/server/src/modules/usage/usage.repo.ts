import { type Db, schema } from "@nexus/db";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { preparedQuery } from "../../lib/prepared.ts";

const { usageRecords, usageCounters } = schema;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

export type CounterColumn = "search" | "addFiles" | "agentUsage";

export interface Subject {
  subjectId: string;
  userId: string | null;
  isAnonymous: boolean;
}

const column = {
  search: usageCounters.search,
  addFiles: usageCounters.addFiles,
  agentUsage: usageCounters.agentUsage,
};

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

/** Makes sure the record and this period's counter row exist (idempotent, race-free). */
export async function ensureRows(
  db: Executor,
  subjects: Subject[],
  period: string,
  now: Date,
): Promise<void> {
  await db
    .insert(usageRecords)
    .values(subjects.map((s) => ({ ...s, createdAt: now, lastUpdated: now })))
    .onConflictDoNothing();
  await db
    .insert(usageCounters)
    .values(subjects.map((s) => ({ subjectId: s.subjectId, period, lastUpdated: now })))
    .onConflictDoNothing();
}

/** Locks this period's counters of the subjects (in key order, so concurrent callers never deadlock). */
export async function lockCounters(tx: Tx, subjectIds: string[], period: string) {
  return tx
    .select()
    .from(usageCounters)
    .where(and(inArray(usageCounters.subjectId, subjectIds), eq(usageCounters.period, period)))
    .orderBy(usageCounters.subjectId)
    .for("update");
}

export async function addToCounter(
  tx: Executor,
  values: {
    subjectIds: string[];
    period: string;
    counter: CounterColumn;
    amount: number;
    now: Date;
  },
): Promise<void> {
  const col = column[values.counter];
  await tx
    .update(usageCounters)
    .set({ [values.counter]: sql`greatest(${col} + ${values.amount}, 0)`, lastUpdated: values.now })
    .where(
      and(
        inArray(usageCounters.subjectId, values.subjectIds),
        eq(usageCounters.period, values.period),
      ),
    );
  await tx
    .update(usageRecords)
    .set({ lastUpdated: values.now })
    .where(inArray(usageRecords.subjectId, values.subjectIds));
}

/** Spec §7: anonymous usage records untouched for 30 days are deleted (counters cascade). */
export async function deleteStaleAnonymous(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(usageRecords)
    .where(and(eq(usageRecords.isAnonymous, true), lt(usageRecords.lastUpdated, before)))
    .returning({ id: usageRecords.subjectId });
  return rows.length;
}
