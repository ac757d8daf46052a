import { runSchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import * as runs from "./runs.service.ts";

/**
 * /api/runs (the owner only: another person's run, a made-up id and no sign-in are the same 404):
 * a run, its events (SSE, replayed from Last-Event-ID, then live), and cancelling it.
 */
export function runsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/:runId", async (c) => {
      const row = await runs.ownedRun(deps, c.get("user"), c.req.param("runId"));
      return c.json(runSchema.parse(runs.presentRun(row)));
    })
    .get("/:runId/events", async (c) => {
      const row = await runs.ownedRun(deps, c.get("user"), c.req.param("runId"));
      return runs.streamRunEvents({ deps, c, runId: row.id });
    })
    .post("/:runId/cancel", async (c) => {
      const run = await runs.requestCancel({
        deps,
        user: c.get("user"),
        runId: c.req.param("runId"),
      });
      return c.json(runSchema.parse(run), 202);
    });
}
