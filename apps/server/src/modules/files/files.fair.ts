import { schema } from "@nexus/db";
import { and, eq, gt, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Deps } from "../../deps.ts";
import { ENDED_STATUSES } from "./files.repo.ts";

/**
 * Fair ingestion: at most one file per person is parsed or indexed at a time, on all instances
 * together, while other people's files take the other slots. A person with 100 queued files holds
 * one slot.
 *
 * pg-boss 10.3.2's own "singleton" policy cannot do it (its fetch hits the unique index job_i2 and
 * fails as a whole), and process memory is per instance, so it is done here, in the database:
 *
 * - Claim. Before reading a file, the ingestion job claims it in one transaction holding
 *   `pg_advisory_xact_lock` on the owner's id: the claim succeeds only if no other file of that
 *   person is `parsing` or `indexing` with a live lease, and it sets the file `parsing`. The lease
 *   is the file's `updated_at` (every status change refreshes it): a claim older than
 *   JOB_EXPIRE_SECONDS is one whose instance died (pg-boss retries that job after the same time),
 *   so it no longer blocks the person's other files. The lock serialises two instances claiming
 *   files of the same person at the same moment; different people never wait on each other.
 * - Put back. A job that cannot claim its file is sent again (same data, new job) to start
 *   DEFER_SECONDS later, and the current one completes: no failed attempt is counted, no event is
 *   written (the file simply stays "queued"), and its slot is free at once for the next job.
 * - Priority. Each job is sent with priority −(the person's unfinished files), and pg-boss fetches
 *   by priority, then age: a person's later files rank below other people's first ones, so a
 *   newcomer's file is fetched before a long backlog is cycled through again.
 */

const { files } = schema;

/** How long a job that could not claim its file waits before it is fetched again. */
export const DEFER_SECONDS = 2;

const ACTIVE = ["parsing", "indexing"] as const;

/**
 * Claims `fileId` for ingestion (status "parsing"), unless another file of the same person is
 * being ingested under a live lease. Returns false then (or when the file has ended or is gone).
 */
export async function claimForIngestion(
  deps: Deps,
  file: { id: string; userId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const leaseStart = new Date(now.getTime() - deps.env.JOB_EXPIRE_SECONDS * 1000);
  return deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`nexus-ingest:${file.userId}`}, 0))`,
    );
    const busy = await tx
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.userId, file.userId),
          ne(files.id, file.id),
          inArray(files.status, [...ACTIVE]),
          gt(files.updatedAt, leaseStart),
        ),
      )
      .limit(1);
    if (busy.length > 0) return false;
    const claimed = await tx
      .update(files)
      .set({ status: "parsing", updatedAt: now })
      .where(and(eq(files.id, file.id), notInArray(files.status, [...ENDED_STATUSES])))
      .returning({ id: files.id });
    return claimed.length > 0;
  });
}

/** The priority of a new ingestion job of this person: 0 for the first, lower for each after. */
export async function ingestPriority(deps: Deps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(and(eq(files.userId, userId), notInArray(files.status, [...ENDED_STATUSES])));
  // The file being queued is one of them.
  return -Math.max(0, (row?.n ?? 1) - 1);
}

/** Sends the ingestion job of a file with its fair priority. */
export async function sendIngestion(
  deps: Deps,
  queue: string,
  data: { fileId: string; password?: string },
  userId: string,
  options: { startAfter?: number } = {},
): Promise<void> {
  const jobs = deps.jobs;
  if (!jobs) throw new Error("the job queue is not running");
  const priority = await ingestPriority(deps, userId);
  await jobs.send(queue, data, { priority, ...options });
}
