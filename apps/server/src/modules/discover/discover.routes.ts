import { discoverQuerySchema, discoverResponseSchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseValue } from "../../lib/validate.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import type { DiscoverFeed } from "./discover.service.ts";

/** Feed reads per address per minute: a person switching tabs makes a few; the cache answers. */
export const DISCOVER_RATE_LIMIT = 120;

/**
 * /api/discover: the public feed by topic (anonymous and signed-in alike), from the app's one
 * feed (its cache, shared with the refresh timer main.ts starts).
 */
export function discoverRoutes(deps: Deps, feed: DiscoverFeed) {
  return new Hono<AppEnv>().get(
    "/",
    rateLimit(deps, { bucket: "discover", limit: DISCOVER_RATE_LIMIT, windowMs: 60_000 }),
    async (c) => {
      const { topic } = parseValue(discoverQuerySchema, { topic: c.req.query("topic") });
      return c.json(discoverResponseSchema.parse(await feed.get(topic)));
    },
  );
}
