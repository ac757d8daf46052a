import { answerRequestSchema } from "@nexus/contracts";
import { Hono } from "hono";
import { uiMessageSseResponse } from "../../ai/chat/ui-message-sse.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as answers from "./answer.service.ts";

/** POST /api/answer: one answered turn as an AI SDK UI-message stream. */
export function answerRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const body = await parseJson(c, answerRequestSchema);
    const stream = await answers.answer({
      deps,
      caller: callerOf(c),
      body,
      signal: c.req.raw.signal,
    });
    const response = uiMessageSseResponse(stream);
    // The server's time to the response headers (sent at once with the `start` part).
    const ms = performance.now() - c.get("receivedAt");
    response.headers.set("server-timing", `app;dur=${ms.toFixed(1)}`);
    return response;
  });
}

/** GET /api/threads/:threadId: the caller's own thread, to restore an answer page. */
export function threadRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/:threadId", async (c) => {
    const threadId = c.req.param("threadId");
    return c.json(await answers.thread({ deps, user: currentUser(c), threadId }));
  });
}
