import {
  researchItemSchema,
  researchListQuerySchema,
  researchListSchema,
  researchPlanRequestSchema,
  researchPlanSchema,
  researchStartSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as research from "./research.service.ts";

/**
 * /api/research (sign-in only; another person's research and a made-up id are the same 404):
 * plan (metered: the agent quota's wall and a rate limit), start, list, read, finish now, resume
 * a failed or cancelled one ("Retry from here") and delete. Its progress and report stream from the run's
 * events (GET /api/runs/:runId/events); cancel is POST /api/runs/:runId/cancel.
 */
export function researchRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .post("/plan", async (c) => {
      const input = await parseJson(c, researchPlanRequestSchema);
      const plan = await research.plan(deps, currentUser(c), input, {
        ip: c.get("ip"),
        signal: c.req.raw.signal,
      });
      return c.json(researchPlanSchema.parse(plan));
    })
    .post("/", async (c) => {
      const input = await parseJson(c, researchStartSchema);
      return c.json(
        researchItemSchema.parse(await research.start(deps, currentUser(c), input)),
        201,
      );
    })
    .get("/", async (c) => {
      const query = parseValue(researchListQuerySchema, c.req.query());
      const items = await research.list(deps, currentUser(c), query.q || undefined);
      return c.json(researchListSchema.parse({ items }));
    })
    .get("/:threadId", async (c) =>
      c.json(
        researchItemSchema.parse(await research.get(deps, currentUser(c), c.req.param("threadId"))),
      ),
    )
    .post("/:threadId/finish", async (c) =>
      c.json(
        researchItemSchema.parse(
          await research.finishNow(deps, currentUser(c), c.req.param("threadId")),
        ),
        202,
      ),
    )
    .post("/:threadId/resume", async (c) =>
      c.json(
        researchItemSchema.parse(
          await research.resume(deps, currentUser(c), c.req.param("threadId")),
        ),
        202,
      ),
    )
    .delete("/:threadId", async (c) => {
      await research.remove(deps, currentUser(c), c.req.param("threadId"));
      return c.body(null, 204);
    });
}
