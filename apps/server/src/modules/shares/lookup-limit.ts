import type { Deps } from "../../deps.ts";
import { clientNetworkKey } from "../../lib/client-network.ts";
import {
  hitLimit,
  type LimitRule,
  peekLimit,
  rateLimitedError,
} from "../../middleware/rate-limit.ts";

/** Failed share lookups a network may make per window before every lookup answers 429. */
export const SHARE_MISS_LIMIT = 60;
export const SHARE_MISS_WINDOW_MS = 60_000;

const rule: LimitRule = {
  bucket: "share_miss",
  limit: SHARE_MISS_LIMIT,
  windowMs: SHARE_MISS_WINDOW_MS,
};

/**
 * Anti-enumeration (G5): counts the share ids a network asked for that do not exist (unknown,
 * revoked, deleted or malformed). Past the limit, every share lookup from it (API, page, copy)
 * answers 429 until the window ends, whether the id exists or not, so the answer tells nothing.
 * Visitors opening real links never count, so a popular link is never throttled. The counters
 * live in PostgreSQL (rate_limits), shared by every instance.
 */
export const shareMisses = {
  /** Throws 429 (with Retry-After) when the caller's network is over its limit. */
  async check(deps: Deps, ip: string): Promise<void> {
    const now = deps.clock.now();
    const seen = await peekLimit({ db: deps.db, rule, key: clientNetworkKey(ip), now });
    if (!seen.allowed) throw rateLimitedError(seen.retryAfterSeconds);
  },
  async miss(deps: Deps, ip: string): Promise<void> {
    await hitLimit({ db: deps.db, rule, key: clientNetworkKey(ip), now: deps.clock.now() });
  },
};
