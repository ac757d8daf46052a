import type { Deps } from "../../deps.ts";
import { defineJob, type JobDefinition, type QueueJob } from "../../jobs/job-definition.ts";
import type { RunRow } from "./runs.repo.ts";
import { appendEvent, endRun, findRun, isTerminal, markRunning } from "./runs.service.ts";
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

async function failRun(deps: Deps, runId: string, message: string): Promise<void> {
  const run = await findRun(deps, runId);
  if (!run || isTerminal(run.status)) return;
  await appendEvent(deps, { runId, type: "failed", payload: { message } });
  await endRun(deps, runId, { status: "failed", result: { message } });
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
    async handler(deps, job) {
      const runId = job.data.runId;
      if (typeof runId !== "string") return;
      await failRun(deps, runId, RUN_INTERRUPTED_MESSAGE);
    },
  }),
];
