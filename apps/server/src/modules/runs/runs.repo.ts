import { type Db, schema } from "@nexus/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { RUN_EVENTS_CHANNEL } from "../../jobs/run-events.ts";

const { runs } = schema;

export type RunRow = typeof runs.$inferSelect;
export type RunStatus = RunRow["status"];
/** The database or a transaction of a caller (a module creating its run with its own rows). */
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export const UNFINISHED: RunStatus[] = ["queued", "running"];
export const TERMINAL: RunStatus[] = ["succeeded", "failed", "cancelled"];

export async function insertRun(
  db: Executor,
  values: { id?: string; userId: string; kind: string; subjectId: string; status?: RunStatus },
): Promise<RunRow> {
  const ended = values.status && TERMINAL.includes(values.status) ? new Date() : null;
  const [row] = await db
    .insert(runs)
    .values({ ...values, ...(ended ? { endedAt: ended } : {}) })
    .returning();
  if (!row) throw new Error("run insert returned no row");
  return row;
}

export async function findById(db: Executor, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  return row ?? null;
}

export async function findOwned(db: Executor, userId: string, runId: string) {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, runId), eq(runs.userId, userId)));
  return row ?? null;
}

export async function statusOf(db: Executor, runId: string): Promise<RunStatus | null> {
  const [row] = await db.select({ status: runs.status }).from(runs).where(eq(runs.id, runId));
  return row?.status ?? null;
}

/** queued → running (again, on a retried attempt). False once the run has ended. */
export async function markRunning(db: Executor, runId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ status: "running", updatedAt: now })
    .where(and(eq(runs.id, runId), inArray(runs.status, UNFINISHED)))
    .returning({ id: runs.id });
  return rows.length > 0;
}

/**
 * Ends an unfinished run (and wakes its followers). False when it had already ended: the first
 * ending wins (a job finishing while the dead-letter sweep fails it, say).
 */
export async function finish(
  db: Executor,
  runId: string,
  values: { status: RunStatus; result?: Record<string, unknown> | null; cost?: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({
      status: values.status,
      ...(values.result !== undefined ? { result: values.result } : {}),
      ...(values.cost !== undefined ? { cost: values.cost } : {}),
      updatedAt: now,
      endedAt: now,
    })
    .where(and(eq(runs.id, runId), inArray(runs.status, UNFINISHED)))
    .returning({ id: runs.id });
  if (rows.length === 0) return false;
  await db.execute(sql`select pg_notify(${RUN_EVENTS_CHANNEL}, ${runId})`);
  return true;
}

export async function saveCheckpoint(
  db: Executor,
  runId: string,
  checkpoint: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.update(runs).set({ checkpoint, updatedAt: now }).where(eq(runs.id, runId));
}

/** Marks an unfinished run of the owner for cancelling; null when there is no such run. */
export async function requestCancel(
  db: Executor,
  userId: string,
  runId: string,
  now: Date,
): Promise<RunRow | null> {
  const [row] = await db
    .update(runs)
    .set({ cancelRequestedAt: sql`coalesce(${runs.cancelRequestedAt}, ${now})`, updatedAt: now })
    .where(and(eq(runs.id, runId), eq(runs.userId, userId), inArray(runs.status, UNFINISHED)))
    .returning();
  return row ?? null;
}

/**
 * Claims step `step` of a run of steps for job `jobId`: true when no job has claimed it (nor a
 * later one), this job had (its retry after a crash) or the job that had it gave it back (a
 * hand-over). A second job sent for the same step (a duplicate, another instance's) gets false.
 */
export async function claimStep(
  db: Executor,
  runId: string,
  step: number,
  jobId: string,
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ claimedStep: step, claimedBy: jobId })
    .where(
      and(
        eq(runs.id, runId),
        sql`(coalesce(${runs.claimedStep}, -1) < ${step} or (${runs.claimedStep} = ${step} and (${runs.claimedBy} = ${jobId} or ${runs.claimedBy} is null)))`,
      ),
    )
    .returning({ id: runs.id });
  return rows.length > 0;
}

/** Gives a claimed step back (its job handed it to another): the next job for it may claim it. */
export async function releaseStep(
  db: Executor,
  runId: string,
  step: number,
  jobId: string,
): Promise<void> {
  await db
    .update(runs)
    .set({ claimedBy: null })
    .where(and(eq(runs.id, runId), eq(runs.claimedStep, step), eq(runs.claimedBy, jobId)));
}

/**
 * Opens an ended run again (a resumed research): failed or cancelled → queued, its ending, result
 * and cancel request cleared, the claimed step given back (the next job for it may claim it), and
 * `checkpoint`'s keys merged into the saved one. False when it was not failed or cancelled (two
 * resumes at once: the first wins).
 */
export async function reopen(
  db: Executor,
  runId: string,
  checkpoint: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({
      status: "queued",
      result: null,
      endedAt: null,
      cancelRequestedAt: null,
      claimedBy: null,
      checkpoint: sql`coalesce(${runs.checkpoint}, '{}'::jsonb) || ${JSON.stringify(checkpoint)}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(runs.id, runId), inArray(runs.status, ["failed", "cancelled"])))
    .returning({ id: runs.id });
  return rows.length > 0;
}

export async function deleteRun(db: Executor, runId: string): Promise<void> {
  await db.delete(runs).where(eq(runs.id, runId));
}

const APPEND_SQL = `
with s as (
  update runs set last_seq = last_seq + 1,
    checkpoint = case when $4::jsonb is null then checkpoint else coalesce(checkpoint, '{}'::jsonb) || $4::jsonb end,
    updated_at = now()
  where id = $1 returning id, last_seq
), e as (
  insert into run_events (run_id, seq, type, payload)
  select id, last_seq, $2, $3::jsonb from s
  returning seq
)
select e.seq, pg_notify('${RUN_EVENTS_CHANNEL}', $1::text) as notified from e`;

/**
 * Appends one event (the run's next seq) and, with `checkpoint`, saves it in the same statement
 * (its keys replace those of the saved checkpoint; the others stay):
 * a resumed job never repeats an event it had written. Listeners are notified on commit.
 */
export async function appendEvent(
  db: Db,
  event: {
    runId: string;
    type: string;
    payload?: Record<string, unknown>;
    checkpoint?: Record<string, unknown>;
  },
): Promise<number | null> {
  const result = await db.$client.query<{ seq: number }>({
    name: "run_events_append",
    text: APPEND_SQL,
    values: [
      event.runId,
      event.type,
      JSON.stringify(event.payload ?? {}),
      event.checkpoint ? JSON.stringify(event.checkpoint) : null,
    ],
  });
  return result.rows[0]?.seq ?? null;
}

export interface RunEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Events after `afterSeq`, in order, at most `limit` (runs.stream.ts pages with RUN_EVENTS_PAGE). */
export async function readEvents(
  db: Db,
  runId: string,
  afterSeq: number,
  limit = 2_000,
): Promise<RunEvent[]> {
  const result = await db.$client.query<{
    seq: number;
    type: string;
    payload: Record<string, unknown>;
    created_at: Date;
  }>({
    name: "run_events_read",
    text: "select seq, type, payload, created_at from run_events where run_id = $1 and seq > $2 order by seq limit $3",
    values: [runId, afterSeq, limit],
  });
  return result.rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}

/** The events of a run of the given types, in order (their seq, type and payload). */
export async function eventsOfTypes(
  db: Db,
  runId: string,
  types: readonly string[],
): Promise<RunEvent[]> {
  const result = await db.$client.query<{
    seq: number;
    type: string;
    payload: Record<string, unknown>;
    created_at: Date;
  }>({
    name: "run_events_of_types",
    text: "select seq, type, payload, created_at from run_events where run_id = $1 and type = any($2::text[]) order by seq",
    values: [runId, [...types]],
  });
  return result.rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}
