import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../lib/errors.ts";

/**
 * Fixed-window counter in process memory. Per instance: with N instances the effective limit is N×.
 * Good enough against enumeration and mail floods; quotas use the database instead.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Returns false when the key is over its limit in the current window. */
  take(key: string, now = Date.now()): boolean {
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export function rateLimit(options: {
  limit: number;
  windowMs: number;
  key?: (c: { get: (k: "ip") => string }) => string;
}) {
  const limiter = new RateLimiter(options.limit, options.windowMs);
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = options.key ? options.key(c) : c.get("ip");
    if (!limiter.take(key)) {
      throw new AppError("rate_limited", undefined, {
        headers: { "Retry-After": String(Math.ceil(options.windowMs / 1000)) },
      });
    }
    await next();
  });
}
