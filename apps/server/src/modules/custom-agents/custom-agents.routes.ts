import { customAgentExportSchema, customAgentInputSchema } from "@nexus/contracts";
import { Hono } from "hono";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import { agentChat } from "../agents/agents.chat.ts";
import * as custom from "./custom-agents.service.ts";

/**
 * /api/custom-agents (sign-in only): a person's own agents (create, read, change, duplicate,
 * delete, share by link, export, import), the ones shared with them, and chats with either.
 */
export function customAgentsRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      // Public, registered before the sign-in requirement below (Hono runs handlers in the order
      // they are added): a share link's card, for a visitor to see before signing in.
      .get("/shared/:token/preview", async (c) =>
        c.json(await custom.preview(deps, c.req.param("token"))),
      )
      .use("*", requireUser)
      .get("/", async (c) => c.json(await custom.list(deps, currentUser(c))))
      .post("/", async (c) => {
        const input = await parseJson(c, customAgentInputSchema);
        return c.json(await custom.create(deps, currentUser(c), input), 201);
      })
      .post("/import", async (c) => {
        const exported = await parseJson(c, customAgentExportSchema);
        return c.json(await custom.importAgent(deps, currentUser(c), exported), 201);
      })
      .post("/shared/:token", async (c) =>
        c.json(await custom.acceptShare(deps, currentUser(c), c.req.param("token"))),
      )
      .get("/:id", async (c) => c.json(await custom.get(deps, currentUser(c), c.req.param("id"))))
      .put("/:id", async (c) => {
        const input = await parseJson(c, customAgentInputSchema);
        return c.json(await custom.update(deps, currentUser(c), c.req.param("id"), input));
      })
      .delete("/:id", async (c) => {
        await custom.remove(deps, currentUser(c), c.req.param("id"));
        return c.body(null, 204);
      })
      .post("/:id/duplicate", async (c) =>
        c.json(await custom.duplicate(deps, currentUser(c), c.req.param("id")), 201),
      )
      .post("/:id/share", async (c) =>
        c.json(await custom.share(deps, currentUser(c), c.req.param("id"))),
      )
      .delete("/:id/share", async (c) =>
        c.json(await custom.unshare(deps, currentUser(c), c.req.param("id"))),
      )
      .get("/:id/export", async (c) =>
        c.json(await custom.exportAgent(deps, currentUser(c), c.req.param("id"))),
      )
      .post("/:id/chat", (c) => startChat(c, deps, agentChat, custom.acceptChat))
  );
}
