import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import {
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  tool,
  type UIMessageChunk,
} from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DeltaCoalescer, modelPartToChunk } from "./model-chunks.ts";
import { uiMessageSseResponse, uiMessageSseStream, uiMessageSseText } from "./ui-message-sse.ts";

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function modelStream(): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", modelId: "mock", timestamp: new Date(0) },
    { type: "reasoning-start", id: "r0" },
    { type: "reasoning-delta", id: "r0", delta: "Think " },
    { type: "reasoning-delta", id: "r0", delta: "hard." },
    { type: "reasoning-end", id: "r0", providerMetadata: { llm: { signature: "s" } } },
    { type: "text-start", id: "t0" },
    { type: "text-delta", id: "t0", delta: "The moon " },
    { type: "text-delta", id: "t0", delta: "pulls [1]", providerMetadata: { llm: { n: 1 } } },
    { type: "text-delta", id: "t0", delta: "." },
    { type: "text-end", id: "t0" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

function run() {
  return streamText({
    model: new MockLanguageModelV3({
      doStream: async () => ({ stream: simulateReadableStream({ chunks: modelStream() }) }),
    }),
    prompt: "Why?",
  });
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const textOf = (chunks: readonly UIMessageChunk[], type: "text-delta" | "reasoning-delta") =>
  chunks.map((c) => (c.type === type ? c.delta : "")).join("");

describe("modelPartToChunk", () => {
  it("makes the chunks toUIMessageStream makes (reasoning on, no start/finish)", async () => {
    const expected = await collect(
      run().toUIMessageStream({ sendReasoning: true, sendStart: false, sendFinish: false }),
    );
    const mapped = (await collect(run().fullStream)).flatMap((part) => {
      const chunk = modelPartToChunk(part);
      return chunk ? [chunk] : [];
    });
    expect(mapped).toEqual(expected);
    expect(mapped.map((c) => c.type)).toContain("start-step");
    expect(mapped.map((c) => c.type)).toContain("finish-step");
  });
});

/** A model that calls tools in its first step and answers in its second. */
function toolSteps(): LanguageModelV3StreamPart[][] {
  const finish = (unified: "stop" | "tool-calls") =>
    ({ type: "finish", finishReason: { unified, raw: unified }, usage }) as const;
  return [
    [
      { type: "stream-start", warnings: [] },
      { type: "reasoning-start", id: "r0" },
      { type: "reasoning-delta", id: "r0", delta: "I should look." },
      { type: "reasoning-end", id: "r0" },
      { type: "tool-input-start", id: "c1", toolName: "lookup" },
      { type: "tool-input-delta", id: "c1", delta: '{"q":' },
      { type: "tool-input-delta", id: "c1", delta: '"tides"}' },
      { type: "tool-input-end", id: "c1" },
      { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: '{"q":"tides"}' },
      { type: "tool-call", toolCallId: "c2", toolName: "broken", input: '{"q":"x"}' },
      // Invalid: a tool the call was not given, and input its schema refuses.
      { type: "tool-call", toolCallId: "c3", toolName: "missing", input: "{}" },
      { type: "tool-call", toolCallId: "c4", toolName: "lookup", input: '{"q":5}' },
      { type: "tool-call", toolCallId: "c5", toolName: "nothing", input: "{}" },
      finish("tool-calls"),
    ],
    [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: "Tides follow the moon [1]." },
      { type: "text-end", id: "t1" },
      finish("stop"),
    ],
  ];
}

function runWithTools() {
  const steps = toolSteps();
  let call = 0;
  const tools = {
    lookup: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }) => ({ results: [{ title: `About ${q}`, url: "https://a.example" }] }),
    }),
    broken: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async (): Promise<{ ok: boolean }> => {
        throw new Error("The page could not be read.");
      },
    }),
    nothing: tool({ inputSchema: z.object({}), execute: async () => undefined }),
  };
  const result = streamText({
    model: new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({ chunks: steps[call++] ?? [] }),
      }),
    }),
    prompt: "Why are there tides?",
    tools,
    stopWhen: stepCountIs(3),
  });
  return { result, tools };
}

describe("modelPartToChunk with tools", () => {
  it("makes the chunks toUIMessageStream makes for tool calls, results, errors and reasoning", async () => {
    const onError = (error: unknown) => `failed: ${error instanceof Error ? error.message : error}`;
    const sdk = runWithTools();
    const expected = await collect(
      sdk.result.toUIMessageStream({
        sendReasoning: true,
        sendStart: false,
        sendFinish: false,
        onError,
      }),
    );
    const ours = runWithTools();
    const mapped = (await collect(ours.result.fullStream)).flatMap((part) => {
      const chunk = modelPartToChunk(part, ours.tools, onError);
      return chunk ? [chunk] : [];
    });
    expect(mapped).toEqual(expected);
    // JSON as sent (key order, null outputs) is the same too.
    expect(mapped.map((c) => JSON.stringify(c))).toEqual(expected.map((c) => JSON.stringify(c)));
    const types = mapped.map((c) => c.type);
    for (const type of [
      "reasoning-delta",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-available",
      "tool-input-error",
      "tool-output-available",
      "tool-output-error",
      "text-delta",
    ])
      expect(types).toContain(type);
    expect(mapped).toContainEqual(
      expect.objectContaining({
        type: "tool-output-error",
        toolCallId: "c2",
        errorText: "failed: The page could not be read.",
      }),
    );
    expect(mapped).toContainEqual(
      expect.objectContaining({ type: "tool-output-available", toolCallId: "c5", output: null }),
    );
  });

  it("words a failed tool call with the tool's own message by default", () => {
    const chunk = modelPartToChunk({
      type: "tool-error",
      toolCallId: "c",
      toolName: "read-url",
      input: {},
      error: new Error("example.com did not answer in time."),
    } as Parameters<typeof modelPartToChunk>[0]);
    expect(chunk).toEqual({
      type: "tool-output-error",
      toolCallId: "c",
      errorText: "example.com did not answer in time.",
    });
  });
});

describe("DeltaCoalescer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const deltas = (type: "text-delta" | "reasoning-delta", id: string, parts: string[]) =>
    parts.map((delta): UIMessageChunk => ({ type, id, delta }));

  it("keeps the exact text and the order of parts while merging deltas", () => {
    vi.useFakeTimers();
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c));
    const words = Array.from({ length: 200 }, (_, i) => `w${i} [${(i % 5) + 1}] `);
    const input: UIMessageChunk[] = [
      { type: "reasoning-start", id: "r" },
      ...deltas("reasoning-delta", "r", ["a", "b", "", "c"]),
      { type: "reasoning-end", id: "r" },
      { type: "text-start", id: "t" },
      ...deltas("text-delta", "t", words),
      { type: "text-end", id: "t" },
    ];
    for (const c of input) out.push(c);
    out.flush();
    expect(textOf(written, "text-delta")).toBe(words.join(""));
    expect(textOf(written, "reasoning-delta")).toBe("abc");
    expect(written.filter((c) => c.type === "text-delta").length).toBeLessThan(words.length);
    const kinds = written.map((c) => c.type).filter((t, i, all) => t !== all[i - 1]);
    expect(kinds).toEqual([
      "reasoning-start",
      "reasoning-delta",
      "reasoning-end",
      "text-start",
      "text-delta",
      "text-end",
    ]);
  });

  it("writes the first delta of each part at once and the held ones on the timer", () => {
    vi.useFakeTimers();
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c), 15, 1000);
    out.push({ type: "text-delta", id: "t", delta: "first" });
    expect(written).toEqual([{ type: "text-delta", id: "t", delta: "first" }]);
    out.push({ type: "text-delta", id: "t", delta: " second" });
    out.push({ type: "text-delta", id: "t", delta: " third" });
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(15);
    expect(written.at(-1)).toEqual({ type: "text-delta", id: "t", delta: " second third" });
    out.push({ type: "text-delta", id: "t", delta: "x".repeat(1000) });
    expect(written.at(-1)).toEqual({ type: "text-delta", id: "t", delta: "x".repeat(1000) });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never merges deltas that carry provider metadata or belong to another part", () => {
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c));
    const meta = { llm: { n: 1 } };
    out.push({ type: "text-delta", id: "a", delta: "1" });
    out.push({ type: "text-delta", id: "a", delta: "2" });
    out.push({ type: "text-delta", id: "a", delta: "3", providerMetadata: meta });
    out.push({ type: "text-delta", id: "b", delta: "4" });
    out.push({ type: "text-delta", id: "a", delta: "5" });
    out.push({ type: "text-delta", id: "b", delta: "6" });
    out.flush();
    expect(written).toEqual([
      { type: "text-delta", id: "a", delta: "1" },
      { type: "text-delta", id: "a", delta: "2" },
      { type: "text-delta", id: "a", delta: "3", providerMetadata: meta },
      { type: "text-delta", id: "b", delta: "4" },
      { type: "text-delta", id: "a", delta: "5" },
      { type: "text-delta", id: "b", delta: "6" },
    ]);
  });
});

describe("uiMessageSseStream", () => {
  const chunks: UIMessageChunk[] = [
    { type: "start", messageId: "m1", messageMetadata: { note: "ünïcode ✓ \u2028" } },
    { type: "source-url", sourceId: "1", url: "https://a.example/x", title: "A" },
    { type: "data-sources", data: [{ url: "https://a.example/x" }] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: 'He said "hi"\n' },
    { type: "text-end", id: "t" },
    { type: "finish" },
  ];
  const streamOf = (items: readonly UIMessageChunk[]) =>
    new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const c of items) controller.enqueue(c);
        controller.close();
      },
    });

  it("sends the bytes and headers createUIMessageStreamResponse sends", async () => {
    const ours = uiMessageSseResponse(uiMessageSseStream(streamOf(chunks)));
    const sdk = createUIMessageStreamResponse({ stream: streamOf(chunks) });
    expect(await ours.text()).toBe(await sdk.text());
    for (const [name, value] of sdk.headers) expect(ours.headers.get(name)).toBe(value);
    expect(ours.headers.get("transfer-encoding")).toBe("chunked");
  });

  it("gives the same events as text (what a chat worker hands to the main thread)", async () => {
    const text = (await collect(uiMessageSseText(streamOf(chunks)))).join("");
    const sdk = createUIMessageStreamResponse({ stream: streamOf(chunks) });
    expect(text).toBe(await sdk.text());
  });

  it("sends the parts that are ready together as one chunk", async () => {
    const pieces = await collect(uiMessageSseStream(streamOf(chunks)));
    expect(pieces).toHaveLength(1);
    expect(new TextDecoder().decode(pieces[0])).toMatch(/^data: \{"type":"start"/);
  });
});
