import { timingSafeEqual } from "node:crypto";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { type NotReady, readiness } from "./health.service.ts";

const NOT_READY_MESSAGE: Record<NotReady, string> = {
  draining: "This instance is shutting down.",
  database_unreachable: "The database does not answer.",
  migrations_pending: "The database is not migrated to this version yet.",
};

/**
 * For load balancers and orchestrators: GET /health (the process answers: alive) and GET /ready
 * (it should get traffic: 200, or 503 with `{ ready: false, reason, message }`).
 */
export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/health", (c) => c.json({ ok: true }))
    .get("/ready", async (c) => {
      c.header("cache-control", "no-store");
      const reason = await readiness(deps);
      if (reason) return c.json({ ready: false, reason, message: NOT_READY_MESSAGE[reason] }, 503);
      return c.json({ ready: true });
    });
}

/**
 * GET /metrics in Prometheus text format. `token`: required as `Authorization: Bearer <token>`
 * (the main port); null: open (the separate METRICS_PORT, which only serves this).
 */
export function metricsRoutes(deps: Deps, token: string | null) {
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  return new Hono<AppEnv>().get("/metrics", async (c) => {
    const registry = deps.metrics.registry;
    if (!registry) return c.notFound();
    if (expected) {
      const given = Buffer.from(c.req.header("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        c.header("www-authenticate", 'Bearer realm="metrics"');
        return c.json(
          { error: { code: "unauthorized", message: "Send METRICS_TOKEN as a Bearer token." } },
          401,
        );
      }
    }
    const body = await registry.metrics();
    return c.body(body, 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}

/**
 * The separate metrics port (METRICS_PORT): GET /metrics without a token, listening on `hostname`
 * (METRICS_HOST: loopback unless the operator says otherwise, whatever HOST is).
 */
export function serveMetrics(deps: Deps, options: { port: number; hostname: string }): ServerType {
  return serve({
    fetch: metricsRoutes(deps, null).fetch,
    port: options.port,
    hostname: options.hostname,
  });
}
