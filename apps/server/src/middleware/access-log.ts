import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import type { Logger } from "../lib/logger.ts";

/** One line per API request: method, path without query (no secrets), status, time. */
export function accessLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const start = performance.now();
    await next();
    if (!logger.isLevelEnabled("debug") && c.res.status < 500) return;
    logger.info({
      rid: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - start),
    });
  });
}
