import { Hono } from "hono";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import { agentChat } from "./agents.chat.ts";
import * as agents from "./agents.service.ts";

/**
 * /api/agents (sign-in only, spec §2): GET / the catalogue; POST /:agentId/chat one streamed reply.
 * A conversation is restored through the one thread API (GET /api/threads/:threadId).
 */
export function agentsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => c.json(await agents.catalogue({ deps, user: currentUser(c) })))
    .post("/:agentId/chat", (c) => startChat(c, deps, agentChat));
}
