import { type TierLimitsResponse, usageCounterSchema } from "@nexus/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseValue } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import * as usage from "./usage.service.ts";

const checkQuery = z.object({ counter: usageCounterSchema });

export function usageRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(await usage.summary({ deps, caller: callerOf(c) })))
      // The limits this server enforces (the operator's TIER_LIMITS over the spec's defaults).
      .get("/limits", (c) => c.json({ limits: deps.env.TIER_LIMITS } satisfies TierLimitsResponse))
      .get("/check", async (c) => {
        const { counter } = parseValue(checkQuery, c.req.query());
        return c.json(await usage.check({ deps, caller: callerOf(c), counter }));
      })
  );
}
