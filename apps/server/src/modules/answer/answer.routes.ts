import { Hono } from "hono";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { answerChat } from "./answer.chat.ts";

/** POST /api/answer: one answered turn as an AI SDK UI-message stream (answer.chat.ts). */
export function answerRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", (c) => startChat(c, deps, answerChat));
}
