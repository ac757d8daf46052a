import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../deps.ts";
import { type Metrics, secondsSince } from "../lib/metrics.ts";

/**
 * Each request's time to its response headers, by method, the route pattern Hono matched
 * ("/api/threads/:threadId", never the path with its ids) and status (lib/metrics.ts).
 */
export function httpMetrics(metrics: Metrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      metrics.record({
        type: "http",
        method: c.req.method,
        // The route of the last handler that ran (after next(), the one that answered); routes
        // matched but never reached (a trailing catch-all) are not counted.
        route: routePath(c),
        status: c.res.status,
        seconds: secondsSince(start),
      });
    }
  });
}
