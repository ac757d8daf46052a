import PgBoss from "pg-boss";
import type { Logger } from "../lib/logger.ts";

/** The durable queue: pg-boss on the same PostgreSQL (its own `pgboss` schema). */
export interface JobQueue {
  /** `startAfter`: seconds from now. With the queue's "short" policy, one waiting job per key. */
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfter?: number },
  ): Promise<string | null>;
  /** Runs `handler` for jobs of `name` in `concurrency` pollers of this instance. */
  work<T extends object>(
    name: string,
    options: { concurrency: number },
    handler: (job: {
      id: string;
      data: T;
      retryCount: number;
      retryLimit: number;
    }) => Promise<void>,
  ): Promise<void>;
  /** Stops fetching, waits for running handlers (up to timeoutMs), closes its connections. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface QueueSettings {
  name: string;
  /** Attempts after the first (a crash counts as a failed attempt once the job expires). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each retry. */
  retryBackoff?: boolean;
  /** "short": a job sent with the singletonKey of one still waiting is dropped. */
  policy?: "standard" | "short";
  /** A job still active after this long (its instance died) is retried. */
  expireInSeconds: number;
}

export async function startJobQueue(options: {
  url: string;
  logger: Logger;
  queues: QueueSettings[];
  /** How often expired jobs are found and retried (pg-boss maintenance). */
  maintenanceIntervalSeconds: number;
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    max: 4,
    application_name: "nexus-jobs",
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  boss.on("error", (error) => options.logger.error({ err: error }, "job queue error"));
  await boss.start();
  for (const queue of options.queues) {
    const settings = {
      name: queue.name,
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      retryBackoff: queue.retryBackoff ?? false,
      expireInSeconds: queue.expireInSeconds,
      ...(queue.policy ? { policy: queue.policy } : {}),
    };
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, settings);
    else await boss.createQueue(queue.name, settings);
  }
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    send: (name, data, sendOptions) => boss.send(name, data, sendOptions ?? {}),
    async work(name, { concurrency }, handler) {
      for (let i = 0; i < concurrency; i++) {
        await boss.work<object>(
          name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: polling },
          async (jobs) => {
            for (const job of jobs)
              await handler({
                id: job.id,
                data: job.data as never,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
          },
        );
      }
    },
    async stop(timeoutMs = 8_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
