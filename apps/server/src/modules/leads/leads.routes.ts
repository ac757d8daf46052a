import { LEADS_RATE_LIMIT_MESSAGE, leadReceivedSchema, leadRequestSchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { parseJson } from "../../lib/validate.ts";
import { RateLimiter } from "../../middleware/rate-limit.ts";
import { callerOf } from "../../middleware/request-context.ts";
import * as leads from "./leads.service.ts";

const HOUR_MS = 60 * 60_000;

/** POST /api/leads: the book-a-demo form (anyone; signed-in callers' leads carry their id). */
export function leadsRoutes(deps: Deps) {
  // LEADS_RATE_LIMIT well-formed requests per address per hour, honeypot catches included.
  const limiter = new RateLimiter(deps.env.LEADS_RATE_LIMIT, HOUR_MS);
  return new Hono<AppEnv>().post("/", async (c) => {
    const input = await parseJson(c, leadRequestSchema);
    if (!limiter.take(c.get("ip")))
      throw new AppError("rate_limited", LEADS_RATE_LIMIT_MESSAGE, {
        headers: { "Retry-After": String(HOUR_MS / 1000) },
      });
    await leads.submitLead({ deps, caller: callerOf(c), input });
    // Stored or caught by the honeypot: the same answer.
    return c.json(leadReceivedSchema.parse({ received: true }), 202);
  });
}
