import type { Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";

/** Failed share lookups an address may make per window before every lookup answers 429. */
export const SHARE_MISS_LIMIT = 60;
export const SHARE_MISS_WINDOW_MS = 60_000;

/**
 * Anti-enumeration (G5): counts the share ids an address asked for that do not exist (unknown,
 * revoked, deleted or malformed). Past the limit, every share lookup from it (API, page, copy)
 * answers 429 until the window ends, whether the id exists or not, so the answer tells nothing.
 * Visitors opening real links never count, so a popular link is never throttled. Per instance.
 */
export class ShareMissLimiter {
  private readonly windows = new Map<string, { misses: number; resetAt: number }>();

  /** Throws 429 (with Retry-After) when `ip` is over its limit in the current window. */
  check(ip: string, now = Date.now()): void {
    const window = this.windows.get(ip);
    if (!window || window.resetAt <= now || window.misses < SHARE_MISS_LIMIT) return;
    throw new AppError("rate_limited", undefined, {
      headers: { "Retry-After": String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))) },
    });
  }

  miss(ip: string, now = Date.now()): void {
    const window = this.windows.get(ip);
    if (window && window.resetAt > now) {
      window.misses += 1;
      return;
    }
    if (this.windows.size > 50_000) this.sweep(now);
    this.windows.set(ip, { misses: 1, resetAt: now + SHARE_MISS_WINDOW_MS });
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

const limiters = new WeakMap<Deps, ShareMissLimiter>();

/** The one limiter of an app instance, shared by the API, the share page and copy. */
export function shareMissLimiter(deps: Deps): ShareMissLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new ShareMissLimiter();
    limiters.set(deps, limiter);
  }
  return limiter;
}
