import type { Deps } from "./deps.ts";
import { defineJob } from "./jobs/job-definition.ts";
import { deleteExpiredLimits } from "./middleware/rate-limit.ts";
import { purgeExpired } from "./modules/auth/auth.service.ts";
import { cleanupAnonymous } from "./modules/usage/usage.service.ts";

export const HOUSEKEEPING_QUEUE = "housekeeping";

/**
 * Housekeeping: stale anonymous usage, expired sessions and links, rate-limit counters of ended
 * windows. Idempotent (each deletes what has expired by now).
 */
export async function runDailyJobs(deps: Deps): Promise<void> {
  const removed = await cleanupAnonymous(deps);
  await purgeExpired(deps);
  await deleteExpiredLimits(deps.db, deps.clock.now());
  if (removed > 0)
    deps.logger.info({ removed }, "removed anonymous usage records idle for 30 days");
}

/**
 * Housekeeping as a pg-boss schedule: one job an hour (at :17, UTC) across every instance, run by
 * whichever instance fetches it; a failed one is retried.
 */
export const HOUSEKEEPING_JOB = defineJob<Record<string, never>>({
  name: HOUSEKEEPING_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 60,
  policy: "short",
  cron: "17 * * * *",
  concurrency: () => 1,
  handler: (deps) => runDailyJobs(deps),
});
