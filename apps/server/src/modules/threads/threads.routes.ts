import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as threads from "./threads.service.ts";

/**
 * GET /api/threads/:threadId: the caller's own thread of any kind, `{ kind, subject, messages }`
 * (ARCHITECTURE.md §3.1); another user's and a missing thread are the same 404.
 */
export function threadRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/:threadId", async (c) => {
    const threadId = c.req.param("threadId");
    // Typed by the contract (ThreadResponse): not parsed again, so stored parts pass unchanged.
    return c.json(await threads.thread({ deps, user: currentUser(c), threadId }));
  });
}
