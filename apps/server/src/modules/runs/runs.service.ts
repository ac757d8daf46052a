import type { Run } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import type { RunStatus } from "./runs.repo.ts";
import * as repo from "./runs.repo.ts";

/**
 * Runs of durable jobs (modules/runs owns `runs` and `run_events`): other modules create, move
 * and end their runs here, never through the tables.
 */
export type { Executor, RunEvent, RunRow, RunStatus } from "./runs.repo.ts";
export { presentRunEvent, streamRunEvents } from "./runs.stream.ts";
export {
  type RunEventsWriter,
  runEventsWriter,
  UI_CHUNKS_EVENT,
} from "./runs.writer.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isTerminal(status: RunStatus): boolean {
  return repo.TERMINAL.includes(status);
}

/** A new run (queued unless `status` says otherwise); `db` may be the caller's transaction. */
export function createRun(
  db: repo.Executor,
  values: { id?: string; userId: string; kind: string; subjectId: string; status?: RunStatus },
): Promise<repo.RunRow> {
  return repo.insertRun(db, values);
}

/**
 * A new run and its job (data: `{ ...data, runId }` on queue `queue`). A job that cannot be sent
 * ends the run failed, and the error goes to the caller.
 */
export async function startRun(
  deps: Deps,
  values: {
    userId: string;
    kind: string;
    subjectId: string;
    queue: string;
    data?: Record<string, unknown>;
  },
): Promise<repo.RunRow> {
  const jobs = deps.jobs;
  if (!jobs) throw new AppError("unavailable", "Background jobs are not running on this server.");
  const run = await repo.insertRun(deps.db, {
    userId: values.userId,
    kind: values.kind,
    subjectId: values.subjectId,
  });
  try {
    await jobs.send(values.queue, { ...values.data, runId: run.id });
  } catch (error) {
    await endRun(deps, run.id, { status: "failed", result: { message: "Not started." } });
    throw error;
  }
  return run;
}

export function findRun(deps: Pick<Deps, "db">, runId: string): Promise<repo.RunRow | null> {
  return UUID.test(runId) ? repo.findById(deps.db, runId) : Promise.resolve(null);
}

/** A run of the caller, or the same 404 for anyone else's, a made-up id and no caller. */
export async function ownedRun(
  deps: Deps,
  user: SessionUser | null,
  runId: string,
): Promise<repo.RunRow> {
  const row = user && UUID.test(runId) ? await repo.findOwned(deps.db, user.id, runId) : null;
  if (!row) throw new AppError("not_found", "No such run.");
  return row;
}

export function presentRun(row: repo.RunRow): Run {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subjectId,
    status: row.status,
    cancelRequested: row.cancelRequestedAt !== null,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

export function markRunning(deps: Pick<Deps, "db" | "clock">, runId: string): Promise<boolean> {
  return repo.markRunning(deps.db, runId, deps.clock.now());
}

/** Ends an unfinished run; false when it had already ended (the first ending wins). */
export function endRun(
  deps: Pick<Deps, "db" | "clock">,
  runId: string,
  outcome: { status: RunStatus; result?: Record<string, unknown> | null; cost?: number },
  db: repo.Executor = deps.db,
): Promise<boolean> {
  if (!isTerminal(outcome.status)) throw new Error(`not an ending status: ${outcome.status}`);
  return repo.finish(db, runId, outcome, deps.clock.now());
}

export function saveCheckpoint(
  deps: Pick<Deps, "db" | "clock">,
  runId: string,
  checkpoint: Record<string, unknown>,
): Promise<void> {
  return repo.saveCheckpoint(deps.db, runId, checkpoint, deps.clock.now());
}

/** Appends an event to the run (and saves `checkpoint` with it, atomically). Returns its seq. */
export function appendEvent(
  deps: Pick<Deps, "db">,
  event: {
    runId: string;
    type: string;
    payload?: Record<string, unknown>;
    checkpoint?: Record<string, unknown>;
  },
): Promise<number | null> {
  return repo.appendEvent(deps.db, event);
}

export function eventsAfter(
  deps: Pick<Deps, "db">,
  runId: string,
  afterSeq: number,
): Promise<repo.RunEvent[]> {
  return repo.readEvents(deps.db, runId, afterSeq);
}

export function statusOf(deps: Pick<Deps, "db">, runId: string): Promise<RunStatus | null> {
  return repo.statusOf(deps.db, runId);
}

/** Claims a step of a run of steps for a job (runs.jobs.ts): false when another job has it. */
export function claimStep(
  deps: Pick<Deps, "db">,
  runId: string,
  step: number,
  jobId: string,
): Promise<boolean> {
  return repo.claimStep(deps.db, runId, step, jobId);
}

export function releaseStep(
  deps: Pick<Deps, "db">,
  runId: string,
  step: number,
  jobId: string,
): Promise<void> {
  return repo.releaseStep(deps.db, runId, step, jobId);
}

/**
 * Opens a failed or cancelled run again from its last completed step (`checkpoint` merged into the
 * saved one); false when it was not failed or cancelled (another resume won).
 */
export function reopenRun(
  deps: Pick<Deps, "db" | "clock">,
  runId: string,
  checkpoint: Record<string, unknown>,
): Promise<boolean> {
  return repo.reopen(deps.db, runId, checkpoint, deps.clock.now());
}

/** The run's events of these types, in order. */
export function eventsOfTypes(
  deps: Pick<Deps, "db">,
  runId: string,
  types: readonly string[],
): Promise<repo.RunEvent[]> {
  return repo.eventsOfTypes(deps.db, runId, types);
}

export function deleteRun(db: repo.Executor, runId: string): Promise<void> {
  return repo.deleteRun(db, runId);
}

/**
 * POST /api/runs/:id/cancel: the owner asks an unfinished run to stop; its job stops at its next
 * step. An ended run is a 409 and changes nothing.
 */
export async function requestCancel(options: {
  deps: Deps;
  user: SessionUser | null;
  runId: string;
}): Promise<Run> {
  const { deps, user, runId } = options;
  const run = await ownedRun(deps, user, runId);
  const row = await repo.requestCancel(deps.db, run.userId, run.id, deps.clock.now());
  if (!row) throw new AppError("conflict", "This run has already ended.");
  return presentRun(row);
}

/** Whether cancelling was asked for (a job reads it before each step). */
export async function cancelRequested(deps: Pick<Deps, "db">, runId: string): Promise<boolean> {
  const row = await repo.findById(deps.db, runId);
  return row?.cancelRequestedAt != null;
}
export { accountData } from "./runs.account.ts";
