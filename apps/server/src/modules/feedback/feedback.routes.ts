import { feedbackRequestSchema, feedbackResponseSchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { callerOf } from "../../middleware/request-context.ts";
import * as feedback from "./feedback.service.ts";

/** Ratings per address per minute (anonymous ids are free to make; rows are not). */
export const FEEDBACK_RATE_LIMIT = 60;

/** /api/feedback: rate an answer (signed in or anonymous) and read back your own rating. */
export function feedbackRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .put(
      "/",
      rateLimit(deps, { bucket: "feedback", limit: FEEDBACK_RATE_LIMIT, windowMs: 60_000 }),
      async (c) => {
        const body = await parseJson(c, feedbackRequestSchema);
        const saved = await feedback.putFeedback({ deps, caller: callerOf(c), body });
        return c.json(feedbackResponseSchema.parse(saved));
      },
    )
    .get("/:entryId", async (c) => {
      const entryId = c.req.param("entryId");
      const own = await feedback.getFeedback({ deps, caller: callerOf(c), entryId });
      return c.json(feedbackResponseSchema.parse(own));
    });
}
