import { LEADS_RATE_LIMIT_MESSAGE, leadReceivedSchema, leadRequestSchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { enforceLimit, networkOf } from "../../middleware/rate-limit.ts";
import { callerOf } from "../../middleware/request-context.ts";
import * as leads from "./leads.service.ts";

const HOUR_MS = 60 * 60_000;

/** POST /api/leads: the book-a-demo form (anyone; signed-in callers' leads carry their id). */
export function leadsRoutes(deps: Deps) {
  // LEADS_RATE_LIMIT well-formed requests per network per hour, honeypot catches included.
  const rule = { bucket: "leads", limit: deps.env.LEADS_RATE_LIMIT, windowMs: HOUR_MS };
  return new Hono<AppEnv>().post("/", async (c) => {
    const input = await parseJson(c, leadRequestSchema);
    await enforceLimit({ deps, rule, key: networkOf(c), message: LEADS_RATE_LIMIT_MESSAGE });
    await leads.submitLead({ deps, caller: callerOf(c), input });
    // Stored or caught by the honeypot: the same answer.
    return c.json(leadReceivedSchema.parse({ received: true }), 202);
  });
}
