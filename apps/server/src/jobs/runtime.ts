import type { Deps } from "../deps.ts";
import type { JobDefinition } from "./job-definition.ts";
import { type JobQueue, type QueueSettings, startJobQueue } from "./queue.ts";
import { type RunEventHub, startRunEventHub } from "./run-events.ts";

export interface JobRuntime {
  jobs: JobQueue;
  runEvents: RunEventHub;
  /** Starts this instance's job handlers (done by startJobRuntime unless `workers: false`). */
  startWorkers(): Promise<void>;
  /** Graceful: stops taking jobs, waits for running ones (up to timeoutMs), closes connections. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Queues named as another's dead letter first: pg-boss refuses a dead letter that is not there. */
function queueOrder(definitions: readonly JobDefinition[]): JobDefinition[] {
  const deadLetters = new Set(definitions.map((d) => d.deadLetter).filter((n) => n !== undefined));
  return [
    ...definitions.filter((d) => deadLetters.has(d.name)),
    ...definitions.filter((d) => !deadLetters.has(d.name)),
  ];
}

/**
 * Starts pg-boss on the database at `url` with the queues (and schedules) of `definitions`, the
 * LISTEN hub for run events, and this instance's job handlers; sets deps.jobs and deps.runEvents.
 * main.ts and the test harness call it with the list runtime-deps.ts builds from the modules.
 */
export async function startJobRuntime(options: {
  deps: Deps;
  url: string;
  definitions: readonly JobDefinition[];
  pollingIntervalSeconds?: number;
  /** Attempts after the first failed one, for every queue (default: each definition's, or 3). */
  retryLimit?: number;
  /** false: send jobs but run none until startWorkers() (tests). */
  workers?: boolean;
  /** How often the schedules are looked at (tests: 1 s). */
  cronMonitorIntervalSeconds?: number;
}): Promise<JobRuntime> {
  const { deps } = options;
  const { env, logger } = deps;
  const definitions = queueOrder(options.definitions);
  const queues: QueueSettings[] = definitions.map((d) => ({
    name: d.name,
    retryLimit: options.retryLimit ?? d.retryLimit ?? 3,
    retryDelaySeconds: d.retryDelaySeconds,
    ...(d.retryBackoff ? { retryBackoff: true } : {}),
    ...(d.policy ? { policy: d.policy } : {}),
    ...(d.deadLetter ? { deadLetter: d.deadLetter } : {}),
    expireInSeconds: d.expireInSeconds ?? env.JOB_EXPIRE_SECONDS,
  }));
  const jobs = await startJobQueue({
    url: options.url,
    logger,
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_SECONDS,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
      : {}),
    queues,
    schedules: definitions.flatMap((d) => (d.cron ? [{ name: d.name, cron: d.cron }] : [])),
  });
  const runEvents = await startRunEventHub({ url: options.url, logger });
  deps.jobs = jobs;
  deps.runEvents = runEvents;
  const view = { definitions };
  const startWorkers = async () => {
    for (const definition of definitions) {
      const concurrency = definition.concurrency(deps);
      if (concurrency <= 0) continue;
      // Before taking jobs: a sweep that must see no handler of this instance running.
      await definition
        .onStart?.(deps)
        .catch((error: unknown) =>
          logger.error({ err: error, job: definition.name }, "a job's start-up step failed"),
        );
      await jobs.work(definition.name, { concurrency }, (job) =>
        definition.handler(deps, job, view),
      );
    }
  };
  if (options.workers !== false) await startWorkers();
  return {
    jobs,
    runEvents,
    startWorkers,
    async stop(timeoutMs = 8_000) {
      await jobs.stop(timeoutMs);
      await runEvents.close();
    },
  };
}
