import { streamText, type TextStreamPart, type ToolSet } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeBehaviour } from "../../../../e2e/fakes/openai-chat.ts";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../e2e/fakes/openai-server.ts";
import { parseEnv } from "../env.ts";
import { createLogger } from "../lib/logger.ts";
import { ModelTimeoutError } from "./model-fetch.ts";
import { createModelRegistry } from "./models.ts";
import { formatSources } from "./offline/prompt-format.ts";

const logger = createLogger({ level: "silent" });
let fake: FakeOpenAIServer;

beforeAll(async () => {
  fake = await startFakeOpenAIServer();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

function registry(extra: Record<string, string> = {}, mergeDeltasMs?: number) {
  const env = parseEnv({
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: "test-key",
    LLM_MODEL: "main-model",
    ...extra,
  });
  return createModelRegistry({ env, logger, fetchOptions: { baseDelayMs: 5, mergeDeltasMs } });
}

type Part = TextStreamPart<ToolSet>;

/** Runs streamText (default maxRetries) and collects every stream part. */
async function run(options: {
  reasoning?: boolean;
  signal?: AbortSignal;
  env?: Record<string, string>;
  /** model-fetch.ts's mergeDeltasMs (0: deltas as the server sent them). */
  mergeDeltasMs?: number;
}) {
  const { model } = registry(options.env, options.mergeDeltasMs).chatModel({
    reasoning: options.reasoning ?? false,
  });
  const result = streamText({
    model,
    prompt: "What is Nexus?",
    abortSignal: options.signal,
    onError: () => undefined,
  });
  const parts: Part[] = [];
  try {
    for await (const part of result.fullStream) parts.push(part);
  } catch (error) {
    // A body that breaks mid-stream rejects the stream itself rather than yielding an error part.
    parts.push({ type: "error", error });
  }
  return parts;
}

const textOf = (parts: Part[]) =>
  parts.map((p) => (p.type === "text-delta" ? p.text : "")).join("");
const reasoningOf = (parts: Part[]) =>
  parts.map((p) => (p.type === "reasoning-delta" ? p.text : "")).join("");
const errorOf = (parts: Part[]) => {
  const part = parts.find((p) => p.type === "error");
  return part?.type === "error" ? part.error : undefined;
};

describe("model registry against a fake OpenAI-compatible server", () => {
  it("streams text deltas from the configured model, merging those that come together", async () => {
    fake.enqueue({ kind: "text", chunks: ["Nexus ", "is ", "an ", "answer ", "engine."] });
    const parts = await run({});
    const deltas = parts.flatMap((p) => (p.type === "text-delta" ? [p.text] : []));
    // The first goes on alone and at once; the rest come within its window (model-stream-merge.ts).
    expect(deltas[0]).toBe("Nexus ");
    expect(deltas.length).toBeLessThan(5);
    expect(textOf(parts)).toBe("Nexus is an answer engine.");
    expect(errorOf(parts)).toBeUndefined();
    const [request] = fake.requests;
    expect(request?.model).toBe("main-model");
    expect(request?.stream).toBe(true);
    expect(request?.headers.authorization).toBe("Bearer test-key");
    expect(request?.messages.at(-1)).toMatchObject({ role: "user", content: "What is Nexus?" });
  });

  it("merging the server's deltas changes only how many there are (text, reasoning, tools, finish, usage)", async () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i} `).join("");
    const behaviours: FakeBehaviour[] = [
      { kind: "text", text, delayMs: 2 },
      { kind: "text", text, think: "first a thought, then more of it", delayMs: 1 },
      { kind: "text", text, reasoningContent: "weighing the sources one by one", delayMs: 1 },
      { kind: "tool-calls", calls: [{ name: "web_search", arguments: { query: "nexus" } }] },
      { kind: "fail-mid-stream", text, afterChunks: 12, delayMs: 1 },
    ];
    /** The parts with consecutive deltas joined and the response's time stamp left out. */
    const normalized = (parts: Part[]) => {
      const out: Record<string, unknown>[] = [];
      for (const part of parts) {
        const last = out.at(-1);
        if (
          (part.type === "text-delta" || part.type === "reasoning-delta") &&
          last?.type === part.type
        )
          last.text = `${last.text}${part.text}`;
        else {
          const { response: _r, request: _q, ...rest } = part as Record<string, unknown>;
          out.push(part.type === "error" ? { type: "error", error: String(part.error) } : rest);
        }
      }
      return out;
    };
    for (const behaviour of behaviours) {
      fake.enqueue(behaviour);
      const plain = await run({ mergeDeltasMs: 0 });
      fake.enqueue(behaviour);
      const merged = await run({});
      expect(normalized(merged), behaviour.kind).toEqual(normalized(plain));
      const deltas = (parts: Part[]) => parts.filter((p) => p.type.endsWith("-delta")).length;
      if (behaviour.kind === "text") expect(deltas(merged)).toBeLessThan(deltas(plain));
    }
  });

  it("describes the configuration without the key and picks the reasoning model", () => {
    const r = registry({ LLM_REASONING_MODEL: "thinker" });
    expect(r.configured).toBe(true);
    expect(r.chatModel({ reasoning: false })).toMatchObject({ id: "main-model", offline: false });
    expect(r.chatModel({ reasoning: true })).toMatchObject({ id: "thinker", offline: false });
    expect(r.chatModel({ reasoning: false }).id).toBe("main-model");
    // No IMAGE_MODEL or EMBEDDING_MODEL here: chat and tools, no images, no embeddings.
    expect(r.capabilities).toEqual({
      chat: true,
      tools: true,
      structuredOutput: true,
      images: false,
      embeddings: false,
    });
    const full = registry({ IMAGE_MODEL: "painter", EMBEDDING_MODEL: "embedder" });
    expect(full.capabilities).toMatchObject({ images: true, embeddings: true });
    expect(full.describe().capabilities).toEqual(full.capabilities);
    expect(JSON.stringify(r.describe())).not.toContain("test-key");
    expect(r.describe()).toMatchObject({
      provider: "openai-compatible",
      reasoningModel: "thinker",
    });
  });

  it("turns <think> tags into reasoning parts", async () => {
    fake.enqueue({ kind: "text", think: "Check the docs first.", text: "It is an answer engine." });
    const parts = await run({ reasoning: true, env: { LLM_REASONING_MODEL: "thinker" } });
    expect(fake.requests[0]?.model).toBe("thinker");
    expect(reasoningOf(parts)).toBe("Check the docs first.");
    expect(textOf(parts)).not.toContain("<think>");
    expect(textOf(parts).trim()).toBe("It is an answer engine.");
  });

  it("turns reasoning_content deltas into reasoning parts", async () => {
    fake.enqueue({ kind: "text", reasoningContent: "Think step by step.", text: "Done." });
    const parts = await run({ reasoning: true });
    expect(fake.requests[0]?.model).toBe("main-model");
    expect(reasoningOf(parts)).toBe("Think step by step.");
    expect(textOf(parts)).toBe("Done.");
    const types = parts.map((p) => p.type);
    expect(types.indexOf("reasoning-end")).toBeLessThan(types.indexOf("text-start"));
  });

  it("retries a 429 (honouring Retry-After) and succeeds with 2 upstream requests", async () => {
    fake.enqueue({ kind: "status", status: 429, retryAfter: "0" }, { kind: "text", text: "ok" });
    const parts = await run({});
    expect(errorOf(parts)).toBeUndefined();
    expect(textOf(parts)).toBe("ok");
    expect(fake.requests).toHaveLength(2);
  });

  it("fails clearly after 3 attempts of 500, without the AI SDK retrying again", async () => {
    fake.enqueue(
      { kind: "status", status: 500, message: "model crashed" },
      { kind: "status", status: 500, message: "model crashed" },
      { kind: "status", status: 500, message: "model crashed" },
      { kind: "text", text: "never reached" },
    );
    const parts = await run({});
    const error = errorOf(parts);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain("model crashed");
    expect(textOf(parts)).toBe("");
    expect(fake.requests).toHaveLength(3);
  });

  it("surfaces a mid-stream failure after the text already streamed, without retrying", async () => {
    fake.enqueue({
      kind: "fail-mid-stream",
      text: "one two three four five six",
      afterChunks: 3,
      delayMs: 20,
    });
    const parts = await run({});
    expect(textOf(parts)).toBe("one two three ");
    expect(String(errorOf(parts))).toMatch(/Failed to process successful response/);
    expect(fake.requests).toHaveLength(1);
  });

  it("aborting the caller's signal closes the upstream connection and does not retry", async () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    fake.enqueue({ kind: "text", chunks: words, delayMs: 20 });
    const controller = new AbortController();
    const { model } = registry().chatModel({ reasoning: false });
    const result = streamText({ model, prompt: "long", abortSignal: controller.signal });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") seen.push(part.text);
      if (seen.length === 3) controller.abort();
    }
    await fake.waitForAborts({ count: 1, timeoutMs: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.length).toBeLessThan(10);
    expect(fake.requests).toHaveLength(1);
  });

  it("aborting before the headers stops a stalled request at once", async () => {
    fake.enqueue({ kind: "stall" }, { kind: "text", text: "never" });
    const controller = new AbortController();
    const pending = run({ signal: controller.signal });
    // Abort once the request is at the server (a fixed delay may fire before it is even sent on a
    // busy machine). The stall never ends, so the run ending at all is the abort's doing.
    await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    const parts = await pending;
    await fake.waitForAborts({ count: 1, timeoutMs: 10_000 });
    expect(textOf(parts)).toBe("");
    expect(fake.requests).toHaveLength(1);
  });

  it("times out when the server sends no headers within LLM_TIMEOUT_MS", async () => {
    fake.enqueue({ kind: "stall" }, { kind: "text", text: "never" });
    const parts = await run({ env: { LLM_TIMEOUT_MS: "300" } });
    const error = errorOf(parts);
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect((error as Error).message).toMatch(/did not respond within 300 ms/);
    await fake.waitForAborts({ count: 1, timeoutMs: 10_000 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("model registry without configuration", () => {
  it("uses the offline engine and makes no network call", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const r = createModelRegistry({ env: parseEnv({}), logger });
      expect(r.configured).toBe(false);
      const answer = r.chatModel({ reasoning: true });
      expect(answer.offline).toBe(true);
      expect(r.describe()).toMatchObject({ provider: "offline", configured: false });
      // The offline engine has no capability a route could lean on.
      expect(Object.values(r.capabilities).some(Boolean)).toBe(false);
      expect(r.chatModel({ reasoning: false }).offline).toBe(true);
      const sources = formatSources([
        {
          title: "Offline mode",
          url: "/blog/offline-mode",
          content: "Offline mode answers from sources.",
        },
      ]);
      const result = streamText({
        model: answer.model,
        system: sources,
        prompt: "What is offline mode?",
      });
      expect((await result.text).length).toBeGreaterThan(0);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("rejects LLM_BASE_URL without LLM_MODEL", () => {
    expect(() => parseEnv({ LLM_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(
      /LLM_MODEL: required when LLM_BASE_URL is set/,
    );
  });
});
