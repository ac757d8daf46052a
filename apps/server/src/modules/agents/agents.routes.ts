import { agentChatRequestSchema } from "@nexus/contracts";
import { Hono } from "hono";
import { uiMessageSseResponse } from "../../ai/chat/ui-message-sse.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as agents from "./agents.service.ts";

/**
 * /api/agents (sign-in only, spec §2): GET / the catalogue; POST /:agentId/chat one streamed reply;
 * GET /:agentId/threads/:threadId a conversation to restore.
 */
export function agentsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => c.json(await agents.catalogue({ deps, user: currentUser(c) })))
    .post("/:agentId/chat", async (c) => {
      const body = await parseJson(c, agentChatRequestSchema);
      const stream = await agents.chat({
        deps,
        caller: callerOf(c),
        agentId: c.req.param("agentId"),
        body,
        signal: c.req.raw.signal,
      });
      return uiMessageSseResponse(stream);
    })
    .get("/:agentId/threads/:threadId", async (c) =>
      c.json(
        await agents.thread({
          deps,
          user: currentUser(c),
          agentId: c.req.param("agentId"),
          threadId: c.req.param("threadId"),
        }),
      ),
    );
}
