import type { Deps } from "../../deps.ts";
import {
  defineJob,
  type JobDefinition,
  type JobRuntimeView,
  type QueueJob,
} from "../../jobs/job-definition.ts";
import type { RunRow } from "./runs.repo.ts";
import {
  appendEvent,
  claimStep,
  endRun,
  findRun,
  isTerminal,
  markRunning,
  releaseStep,
} from "./runs.service.ts";
import { chunksWritten, type RunEventsWriter, runEventsWriter } from "./runs.writer.ts";

/** Where pg-boss puts a run's job once its last attempt failed or died with its instance. */
export const RUN_DEAD_LETTER_QUEUE = "run-dead-letter";

/** What a run says when its job could not finish (pg-boss gave up on it). */
export const RUN_INTERRUPTED_MESSAGE =
  "This run was interrupted and could not be finished. Try again.";

/** The data of every job of a run: its run id first. */
export interface RunJobData {
  runId: string;
}

/** Thrown by `step()` once cancelling was asked for: the run ends cancelled. */
export class RunCancelled extends Error {
  constructor() {
    super("run cancelled");
    this.name = "RunCancelled";
  }
}

/**
 * Thrown by a run's work to end the run failed at once with this message, without a retry (a
 * retry could not do better: a chat turn that had already streamed part of its reply).
 */
export class RunFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunFailed";
  }
}

/** What a run's job gets to do its work. */
export interface RunContext {
  run: RunRow;
  /** The last completed step's checkpoint (null on a first attempt). */
  checkpoint: Record<string, unknown> | null;
  /** Whether this is the job's last attempt. */
  last: boolean;
  /** This attempt (1 first) of how many the job gets (its retries and the first one). */
  attempt: number;
  attempts: number;
  /** Before each step: throws RunCancelled when cancelling was asked for. */
  step(): Promise<void>;
  /** Appends a progress event (with the step's checkpoint, atomically). */
  emit(
    type: string,
    payload?: Record<string, unknown>,
    checkpoint?: Record<string, unknown>,
  ): Promise<void>;
  /** UI-message chunks into the run's events, resuming after the chunks already written. */
  writer: RunEventsWriter;
}

/** Ends a run failed with `message` (and `result` beside it); false when it had already ended. */
async function failRun(
  deps: Deps,
  runId: string,
  message: string,
  result: Record<string, unknown> | null = null,
): Promise<boolean> {
  const run = await findRun(deps, runId);
  if (!run || isTerminal(run.status)) return false;
  await appendEvent(deps, { runId, type: "failed", payload: { message } });
  return endRun(deps, runId, { status: "failed", result: { ...result, message } });
}

/**
 * A job that does a run's work: skips a run that has ended, ends it cancelled when asked to, sets
 * it running, and ends it succeeded with what `work` returns — or failed on its last attempt
 * (earlier ones are retried by pg-boss). A job that pg-boss gives up on (its instance died on
 * the last attempt) reaches the dead-letter queue, which ends its run failed: never stuck.
 */
export function defineRunJob<T extends RunJobData>(definition: {
  name: string;
  retryLimit?: number;
  retryDelaySeconds: number;
  expireInSeconds?: number;
  concurrency: (deps: Deps) => number;
  /** What the person reads when the run fails. */
  failedText: string;
  work(deps: Deps, job: QueueJob<T>, run: RunContext): Promise<Record<string, unknown> | null>;
}): JobDefinition {
  return defineJob<T>({
    name: definition.name,
    ...(definition.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}),
    retryDelaySeconds: definition.retryDelaySeconds,
    ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    deadLetter: RUN_DEAD_LETTER_QUEUE,
    concurrency: definition.concurrency,
    async handler(deps, job) {
      const { runId } = job.data;
      const run = await findRun(deps, runId);
      if (!run || isTerminal(run.status)) return;
      const step = async () => {
        const now = await findRun(deps, runId);
        if (!now || now.cancelRequestedAt !== null) throw new RunCancelled();
      };
      const context: RunContext = {
        run,
        checkpoint: run.checkpoint,
        last: job.retryCount >= job.retryLimit,
        attempt: job.retryCount + 1,
        attempts: job.retryLimit + 1,
        step,
        async emit(type, payload, checkpoint) {
          await appendEvent(deps, {
            runId,
            type,
            ...(payload ? { payload } : {}),
            ...(checkpoint ? { checkpoint } : {}),
          });
        },
        writer: runEventsWriter(deps, runId, { alreadyWritten: chunksWritten(run.checkpoint) }),
      };
      try {
        await step();
        await markRunning(deps, runId);
        const result = await definition.work(deps, job, context);
        await context.writer.flush();
        await endRun(deps, runId, { status: "succeeded", result });
      } catch (error) {
        if (error instanceof RunCancelled) {
          await context.writer.flush().catch(() => undefined);
          await endRun(deps, runId, { status: "cancelled" });
          return;
        }
        if (error instanceof RunFailed) {
          await context.writer.flush().catch(() => undefined);
          await failRun(deps, runId, error.message);
          return;
        }
        if (!context.last) throw error;
        deps.logger.error({ err: error, runId, job: definition.name }, "run failed");
        await failRun(deps, runId, definition.failedText);
      }
    },
  });
}

/** The runs module's jobs: the dead-letter queue that ends a given-up run failed. */
export const RUN_JOBS = [
  defineJob<Partial<RunJobData>>({
    name: RUN_DEAD_LETTER_QUEUE,
    retryDelaySeconds: 30,
    concurrency: () => 1,
    async handler(deps, job, runtime) {
      const runId = job.data.runId;
      if (typeof runId !== "string") return;
      if (await failRun(deps, runId, RUN_INTERRUPTED_MESSAGE))
        await runEnded(deps, runId, job.data, endedHookIn(runtime));
    },
  }),
];

/** The data of every job of a run of steps: its run and the step it does (0 first). */
export interface RunStepData extends RunJobData {
  step: number;
}

/** What a step of a run of steps gets: the run's context, the step, and a signal for cancel. */
export interface RunStepContext extends RunContext {
  /** This step's number (0 first). */
  index: number;
  /** Aborted within CANCEL_POLL_MS once cancelling was asked for: outbound requests stop. */
  signal: AbortSignal;
}

/**
 * How a step ended: another step follows, or the run is done with this result — succeeded, or
 * failed with `failed` as its message (a research that wrote its report from what it had after a
 * step failed: the result is kept beside the message).
 */
export type StepOutcome =
  | { next: true }
  | { next: false; result: Record<string, unknown> | null; failed?: string };

/** How often a running step looks whether cancelling was asked for. */
export const STEP_CANCEL_POLL_MS = 500;

/** What a kind of run does once its run has ended (settling a reserved unit). */
type EndedHook = (deps: Deps, run: RunRow, data: Record<string, unknown>) => Promise<void>;

/**
 * After this instance ended a run (its ending won): the run kind's hook, once — the one its job
 * definition carries (`run.ended`), found among the runtime's definitions by the run's kind.
 */
async function runEnded(
  deps: Deps,
  runId: string,
  data: object,
  hookOf: (runKind: string) => EndedHook | undefined,
): Promise<void> {
  const run = await findRun(deps, runId);
  const hook = run && isTerminal(run.status) ? hookOf(run.kind) : undefined;
  if (hook && run)
    await hook(deps, run, data as Record<string, unknown>).catch((err: unknown) =>
      deps.logger.error({ err, runId }, "a run's ending hook failed"),
    );
}

/** The ending hook of a kind of run, from the job definitions that do such runs. */
function endedHookIn(runtime: JobRuntimeView) {
  return (runKind: string): EndedHook | undefined =>
    runtime.definitions.find((d) => d.run?.kind === runKind)?.run?.ended;
}

/**
 * A run of steps (ARCHITECTURE.md §3.3: one job per step). Each job claims its step (a duplicate
 * job for a step, on any instance, leaves it alone), skips a step whose checkpoint was saved (a
 * crash after it and before the next job was sent: it only sends that job), runs it with a signal
 * that cancelling aborts, then sends the next step's job or ends the run. A step is done once it
 * saved a checkpoint through `emit(…, checkpoint)`: the wrapper adds `stepsDone` to it. A crash
 * loses at most the step in flight; `ended` runs once the run has ended, however it ended.
 */
export function defineRunStepsJob<T extends RunStepData>(definition: {
  name: string;
  /** The kind of the runs it does (its `ended` hook is found by it, from the dead-letter queue too). */
  runKind: string;
  retryLimit?: number;
  retryDelaySeconds: number;
  expireInSeconds?: number;
  concurrency: (deps: Deps) => number;
  failedText: string;
  step(deps: Deps, job: QueueJob<T>, run: RunStepContext): Promise<StepOutcome>;
  /** Once the run has ended, however (its job's data: a dead job's too). */
  ended?(deps: Deps, run: RunRow, data: T): Promise<void>;
}): JobDefinition {
  const ended = definition.ended as EndedHook | undefined;
  const ownHook = (runKind: string) => (runKind === definition.runKind ? ended : undefined);
  return defineJob<T>({
    name: definition.name,
    run: { kind: definition.runKind, ...(ended ? { ended } : {}) },
    ...(definition.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}),
    retryDelaySeconds: definition.retryDelaySeconds,
    ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    deadLetter: RUN_DEAD_LETTER_QUEUE,
    concurrency: definition.concurrency,
    async handler(deps, job) {
      const { runId, step: index } = job.data;
      const run = await findRun(deps, runId);
      if (!run || isTerminal(run.status)) return;
      const handOff = async () => {
        // The same step as a new job, which this instance (stopping) no longer fetches.
        await releaseStep(deps, runId, index, job.id);
        await deps.jobs?.send(definition.name, { ...job.data });
      };
      if (deps.lifecycle.jobsStopping) return handOff();
      if (!(await claimStep(deps, runId, index, job.id))) return;
      const sendNext = () =>
        deps.jobs?.send(
          definition.name,
          { ...job.data, step: index + 1 },
          { singletonKey: `${runId}:${index + 1}` },
        );
      if (stepsDone(run.checkpoint) > index) {
        await sendNext();
        return;
      }
      const stop = new AbortController();
      const cancelled = async () => {
        const now = await findRun(deps, runId);
        if (!now || now.cancelRequestedAt !== null) throw new RunCancelled();
      };
      const poll = setInterval(() => {
        if (deps.lifecycle.jobsStopping) stop.abort(new StepHandedOff());
        else cancelled().catch((error: unknown) => stop.abort(error));
      }, STEP_CANCEL_POLL_MS);
      const context: RunStepContext = {
        run,
        index,
        signal: stop.signal,
        checkpoint: run.checkpoint,
        last: job.retryCount >= job.retryLimit,
        attempt: job.retryCount + 1,
        attempts: job.retryLimit + 1,
        step: async () => {
          await cancelled();
          if (stop.signal.aborted) throw new RunCancelled();
        },
        async emit(type, payload, checkpoint) {
          await appendEvent(deps, {
            runId,
            type,
            ...(payload ? { payload } : {}),
            ...(checkpoint ? { checkpoint: { ...checkpoint, stepsDone: index + 1 } } : {}),
          });
        },
        writer: runEventsWriter(deps, runId, { alreadyWritten: chunksWritten(run.checkpoint) }),
      };
      try {
        await context.step();
        await markRunning(deps, runId);
        const outcome = await definition.step(deps, job, context);
        await context.writer.flush();
        if (outcome.next) await sendNext();
        else if (outcome.failed !== undefined) {
          if (await failRun(deps, runId, outcome.failed, outcome.result))
            await runEnded(deps, runId, job.data, ownHook);
        } else if (await endRun(deps, runId, { status: "succeeded", result: outcome.result }))
          await runEnded(deps, runId, job.data, ownHook);
      } catch (error) {
        const wasCancelled =
          error instanceof RunCancelled || stop.signal.reason instanceof RunCancelled;
        if (wasCancelled) {
          await context.writer.flush().catch(() => undefined);
          if (await endRun(deps, runId, { status: "cancelled" }))
            await runEnded(deps, runId, job.data, ownHook);
          return;
        }
        if (error instanceof RunFailed) {
          await context.writer.flush().catch(() => undefined);
          if (await failRun(deps, runId, error.message))
            await runEnded(deps, runId, job.data, ownHook);
          return;
        }
        if (!context.last) throw error;
        deps.logger.error({ err: error, runId, job: definition.name }, "run failed");
        if (await failRun(deps, runId, definition.failedText))
          await runEnded(deps, runId, job.data, ownHook);
      } finally {
        clearInterval(poll);
      }
    },
  });
}

/** Aborts a step when this instance's job runtime stops: the step goes to another instance. */
class StepHandedOff extends Error {
  constructor() {
    super("step handed off");
    this.name = "StepHandedOff";
  }
}

/** Steps a run of steps has completed (its checkpoint's `stepsDone`). */
export function stepsDone(checkpoint: Record<string, unknown> | null | undefined): number {
  const n = checkpoint?.stepsDone;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0;
}
