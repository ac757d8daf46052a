import { Hono } from "hono";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import { answerChat } from "./answer.chat.ts";
import * as answers from "./answer.service.ts";

/** POST /api/answer: one answered turn as an AI SDK UI-message stream (answer.chat.ts). */
export function answerRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", (c) => startChat(c, deps, answerChat));
}

/** GET /api/threads/:threadId: the caller's own thread, to restore an answer page. */
export function threadRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/:threadId", async (c) => {
    const threadId = c.req.param("threadId");
    return c.json(await answers.thread({ deps, user: currentUser(c), threadId }));
  });
}
