import http from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";

/**
 * The reference "bare AI SDK endpoint", run as its own process by bench answer-profile:
 * POST { text } → streamText on the OpenAI-compatible provider (LLM_BASE_URL) → the UI-message
 * stream, nothing else (no search, no database, no sign-in). Its CPU per answer, measured beside
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

const server = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    body += chunk;
  });
  req.on("end", () => {
    const { text } = JSON.parse(body) as { text: string };
    const result = streamText({ model, prompt: text });
    result.pipeUIMessageStreamToResponse(res);
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
