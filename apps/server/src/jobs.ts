import type { Deps } from "./deps.ts";
import { deleteExpiredLimits } from "./middleware/rate-limit.ts";
import { purgeExpired } from "./modules/auth/auth.service.ts";
import { cleanupAnonymous } from "./modules/usage/usage.service.ts";

const DAY_MS = 86_400_000;

/**
 * Housekeeping at start-up and then daily: stale anonymous usage, expired sessions and links,
 * rate-limit counters of ended windows.
 */
export async function runDailyJobs(deps: Deps): Promise<void> {
  const removed = await cleanupAnonymous(deps);
  await purgeExpired(deps);
  await deleteExpiredLimits(deps.db, deps.clock.now());
  if (removed > 0)
    deps.logger.info({ removed }, "removed anonymous usage records idle for 30 days");
}

export function startJobs(deps: Deps): () => void {
  const run = () =>
    runDailyJobs(deps).catch((error) =>
      deps.logger.error({ err: error }, "daily housekeeping failed"),
    );
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
