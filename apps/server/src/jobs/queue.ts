import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "../lib/logger.ts";
import { type SafeError, safeError } from "../lib/safe-error.ts";

/** The durable queue: pg-boss on the same PostgreSQL (its own `pgboss` schema). */
export interface JobQueue {
  /**
   * `startAfter`: seconds from now. With the queue's "short" policy, one waiting job per key.
   * `priority`: higher is fetched first (then oldest first); default 0.
   */
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfter?: number; priority?: number },
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
  /**
   * Deletes a job and its data now (from its own handler too: pg-boss then completes nothing).
   * For jobs that carry a secret, once they have ended.
   */
  deleteJob(name: string, id: string): Promise<void>;
  /** Stops fetching, waits for running handlers (up to timeoutMs), closes its connections. */
  stop(timeoutMs?: number): Promise<void>;
}

/** pg-boss's schema (its default), on the app's own database. */
const BOSS_SCHEMA = "pgboss";

/**
 * Deletes the ended jobs of `name` (failed, cancelled or completed; archived ones too) whose data
 * has the key `key`: what a job carrying a secret leaves behind when its instance dies on its
 * last attempt (its handler, which deletes it, never ends). Returns how many went.
 */
export async function deleteEndedJobsWithKey(db: Db, name: string, key: string): Promise<number> {
  let deleted = 0;
  for (const table of ["job", "archive"]) {
    const result = await db.$client.query<{ n: number }>(
      `with gone as (
         delete from ${BOSS_SCHEMA}.${table}
         where name = $1 and state in ('completed', 'cancelled', 'failed') and data ? $2
         returning 1
       ) select count(*)::int as n from gone`,
      [name, key],
    );
    deleted += result.rows[0]?.n ?? 0;
  }
  return deleted;
}

/**
 * Deletes every job, in any state and archived ones too, whose data mentions one of `values` (a
 * person's id, e-mail, runs and files: their account is being deleted, G12). Runs in the caller's
 * transaction; a database where pg-boss never ran has nothing to delete. Returns how many went.
 */
export async function deleteJobsMentioning(
  db: Pick<Db, "execute">,
  values: readonly string[],
): Promise<number> {
  const wanted = values.filter((v) => v.length >= 8);
  if (wanted.length === 0) return 0;
  const present = await db.execute<{ job: string | null; archive: string | null }>(
    sql`select to_regclass(${`${BOSS_SCHEMA}.job`})::text as job, to_regclass(${`${BOSS_SCHEMA}.archive`})::text as archive`,
  );
  let deleted = 0;
  for (const table of ["job", "archive"] as const) {
    if (!present.rows[0]?.[table]) continue;
    const result = await db.execute<{ n: number }>(
      sql`with gone as (
            delete from ${sql.identifier(BOSS_SCHEMA)}.${sql.identifier(table)} j
            where exists (
              select 1 from unnest(array[${sql.join(
                wanted.map((v) => sql`${v}`),
                sql`, `,
              )}]::text[]) v
              where strpos(lower(j.data::text), lower(v)) > 0
            )
            returning 1
          ) select count(*)::int as n from gone`,
    );
    deleted += result.rows[0]?.n ?? 0;
  }
  return deleted;
}

const CODE = /^[A-Za-z0-9_.-]{1,48}$/;

/**
 * What a job handler's failure becomes before pg-boss sees it: pg-boss stores the thrown error
 * (serialize-error: message, stack and every own field, e.g. a Drizzle error's parameters, i.e. a
 * document's text) in its jsonb `output`, which rejects U+0000, and its `fail()` is not awaited:
 * a raw error could put a document into the queue's tables or crash the process. This one holds a
 * code only (the PostgreSQL SQLSTATE, Node code or error type), no cause and a one-line stack.
 */
export class JobFailed extends Error {
  readonly code: string;
  constructor(cause: unknown) {
    // The first code down the cause chain (a DrizzleQueryError's is its pg error's SQLSTATE),
    // else the error's type.
    const chain: SafeError[] = [];
    for (let e: SafeError | undefined = safeError(cause); e; e = e.cause) chain.push(e);
    const code =
      [...chain.map((e) => e.code), chain[0]?.type].find((c) => c !== undefined && CODE.test(c)) ??
      "error";
    super(`job failed: ${code}`);
    this.name = "JobFailed";
    this.code = code;
    this.stack = `${this.name}: ${this.message}`;
  }
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
  /** The queue that gets a job once it failed its last attempt (created before this one). */
  deadLetter?: string;
}

/** A pg-boss cron: one job on the queue `name` per tick, across every instance. */
export interface ScheduleSettings {
  name: string;
  /** Five fields, UTC. */
  cron: string;
}

/** pg_advisory_lock key of queue set-up ("nexus-jobs-setup"). */
const QUEUE_SETUP_LOCK_KEY = 7_236_401_992;

async function setUpQueues(
  boss: PgBoss,
  options: { queues: QueueSettings[]; schedules?: ScheduleSettings[] },
): Promise<void> {
  await boss.start();
  for (const queue of options.queues) {
    const settings = {
      name: queue.name,
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      retryBackoff: queue.retryBackoff ?? false,
      expireInSeconds: queue.expireInSeconds,
      ...(queue.policy ? { policy: queue.policy } : {}),
      ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
    };
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, settings);
    else await boss.createQueue(queue.name, settings);
  }
  // One row per name in pgboss.schedule (an upsert): N instances keep one schedule.
  for (const schedule of options.schedules ?? [])
    await boss.schedule(schedule.name, schedule.cron, {}, { tz: "UTC" });
}

export async function startJobQueue(options: {
  url: string;
  logger: Logger;
  queues: QueueSettings[];
  schedules?: ScheduleSettings[];
  /** How often each instance looks at the schedules (pg-boss default 30 s; tests make it 1). */
  cronMonitorIntervalSeconds?: number;
  /** How often expired jobs are found and retried (pg-boss maintenance). */
  maintenanceIntervalSeconds: number;
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: BOSS_SCHEMA,
    max: 4,
    application_name: "nexus-jobs",
    // The cron monitor (and its send-it queue) only when something is scheduled.
    schedule: (options.schedules ?? []).length > 0,
    ...(options.cronMonitorIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
        }
      : {}),
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  // pg-boss emits a plain copy of the error ({ ...error, message, stack }): the logger summarises
  // it like an Error (safeError), never its fields.
  boss.on("error", (error) => options.logger.error({ err: error }, "job queue error"));
  // Instances started together (compose starts two at once) set up one at a time: pg-boss's
  // create_queue attaches a partition to its job table, and two side by side deadlock.
  const setupLock = new pg.Client({
    connectionString: options.url,
    application_name: "nexus-jobs-setup",
  });
  await setupLock.connect();
  try {
    await setupLock.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_KEY]);
    await setUpQueues(boss, options);
  } finally {
    await setupLock.end(); // ending the session releases the lock
  }
  const polling = options.pollingIntervalSeconds ?? 1;
  // This instance's pollers by queue: a job sent here wakes one of them at once, rather than
  // waiting out its polling interval (a research's first step, an upload's ingestion).
  const pollers = new Map<string, string[]>();
  return {
    async send(name, data, sendOptions) {
      const id = await boss.send(name, data, sendOptions ?? {});
      const local = pollers.get(name);
      const delayed = (sendOptions?.startAfter ?? 0) > 0;
      if (id && local && local.length > 0 && !delayed)
        boss.notifyWorker(local[Math.floor(Math.random() * local.length)] as string);
      return id;
    },
    async work(name, { concurrency }, handler) {
      for (let i = 0; i < concurrency; i++) {
        let workerId: string | null = null;
        workerId = await boss.work<object>(
          name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: polling },
          async (jobs) => {
            try {
              for (const job of jobs) {
                try {
                  await handler({
                    id: job.id,
                    data: job.data as never,
                    retryCount: job.retryCount,
                    retryLimit: job.retryLimit,
                  });
                } catch (error) {
                  // Logged here (redacted: job name and id, never its data); pg-boss gets a code.
                  options.logger.warn(
                    { err: error, job: name, jobId: job.id, attempt: job.retryCount },
                    "job failed",
                  );
                  throw new JobFailed(error);
                }
              }
            } finally {
              // Having had a job, look for the next one at once: pg-boss would otherwise wait out
              // the polling interval after every job (50 small files took a second each).
              if (workerId && jobs.length > 0) boss.notifyWorker(workerId);
            }
          },
        );
        pollers.set(name, [...(pollers.get(name) ?? []), workerId]);
      }
    },
    async deleteJob(name, id) {
      await boss.deleteJob(name, id);
    },
    async stop(timeoutMs = 8_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
