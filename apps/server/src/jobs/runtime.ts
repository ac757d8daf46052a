import type { Deps } from "../deps.ts";
import {
  EMBED_QUEUE,
  type EmbedJob,
  embedFile,
  queueMissingEmbeddings,
} from "../modules/files/files.embed.ts";
import {
  INGEST_QUEUE,
  type IngestJob,
  ingestFile,
  PASSWORD_KEY,
} from "../modules/files/files.ingest.ts";
import { deleteEndedJobsWithKey, type JobQueue, startJobQueue } from "./queue.ts";
import { type RunEventHub, startRunEventHub } from "./run-events.ts";

export interface JobRuntime {
  jobs: JobQueue;
  runEvents: RunEventHub;
  /** Starts this instance's job handlers (done by startJobRuntime unless `workers: false`). */
  startWorkers(): Promise<void>;
  /** Graceful: stops taking jobs, waits for running ones (up to timeoutMs), closes connections. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts pg-boss on the database at `url`, the LISTEN hub for run events, and this instance's
 * job handlers; sets deps.jobs and deps.runEvents. main.ts and the test harness call it.
 */
export async function startJobRuntime(options: {
  deps: Deps;
  url: string;
  pollingIntervalSeconds?: number;
  /** Attempts after the first failed one (default 3). */
  retryLimit?: number;
  /** false: send jobs but run none until startWorkers() (tests). */
  workers?: boolean;
}): Promise<JobRuntime> {
  const { deps } = options;
  const { env, logger } = deps;
  const jobs = await startJobQueue({
    url: options.url,
    logger,
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_SECONDS,
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
    queues: [
      {
        name: INGEST_QUEUE,
        retryLimit: options.retryLimit ?? 3,
        retryDelaySeconds: 2,
        expireInSeconds: env.JOB_EXPIRE_SECONDS,
      },
      {
        // Embeddings a file is missing (EMBEDDING_MODEL): after a failed call, or at start-up.
        name: EMBED_QUEUE,
        retryLimit: options.retryLimit ?? 3,
        retryDelaySeconds: 60,
        retryBackoff: true,
        policy: "short",
        expireInSeconds: env.JOB_EXPIRE_SECONDS,
      },
    ],
  });
  const runEvents = await startRunEventHub({ url: options.url, logger });
  deps.jobs = jobs;
  deps.runEvents = runEvents;
  const startWorkers = async () => {
    // A password-carrying ingestion whose instance died on its last attempt ended without its
    // handler, which deletes it: its password goes now.
    const swept = await deleteEndedJobsWithKey(deps.db, INGEST_QUEUE, PASSWORD_KEY);
    if (swept > 0)
      logger.info({ jobs: swept }, "deleted ended ingestion jobs that held a password");
    await jobs.work<IngestJob>(INGEST_QUEUE, { concurrency: env.INGEST_CONCURRENCY }, (job) =>
      ingestFile(deps, job),
    );
    if (!deps.models.embedder) return;
    // One file at a time: the embedding server also serves the answers.
    await jobs.work<EmbedJob>(EMBED_QUEUE, { concurrency: 1 }, (job) => embedFile(deps, job));
    await queueMissingEmbeddings(deps).catch((error: unknown) =>
      logger.error({ err: error }, "could not queue the files without embeddings"),
    );
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
