import { threadQuerySchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as threads from "./threads.service.ts";

/**
 * GET /api/threads/:threadId: the caller's own thread of any kind, `{ kind, subject, messages }`
 * (ARCHITECTURE.md §3.1); another user's and a missing thread are the same 404. With `kind` and
 * `subject`, the thread as one of that kind about that subject (threadQuerySchema).
 */
export function threadRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/:threadId", async (c) => {
    const threadId = c.req.param("threadId");
    const { kind, subject } = parseValue(threadQuerySchema, c.req.query());
    const expected = kind && subject ? { expected: { kind, subjectId: subject } } : {};
    // Typed by the contract (ThreadResponse): not parsed again, so stored parts pass unchanged.
    return c.json(await threads.thread({ deps, user: currentUser(c), threadId, ...expected }));
  });
}
