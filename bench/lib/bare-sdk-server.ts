import type { AddressInfo } from "node:net";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { serve } from "@hono/node-server";
import { streamText } from "ai";
import { Hono } from "hono";

/**
 * The reference "bare AI SDK endpoint", run as its own process by bench answer-profile:
 * POST { text } → Hono → streamText on the OpenAI-compatible provider (LLM_BASE_URL) → the
 * UI-message stream response, nothing else (no search, no database, no sign-in). Its CPU per answer, measured beside
 * the server's under the same load, says what the machine's CPU time is worth at that moment.
 */

const baseURL = process.env.LLM_BASE_URL;
if (!baseURL) throw new Error("LLM_BASE_URL is required");
const provider = createOpenAICompatible({
  name: "llm",
  baseURL,
  apiKey: "bench",
  includeUsage: true,
});
const model = provider.chatModel("bench-model");

const app = new Hono();
app.post("/", async (c) => {
  const { text } = await c.req.json<{ text: string }>();
  return streamText({ model, prompt: text }).toUIMessageStreamResponse();
});
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  console.log(`listening ${info.port}`);
});
