import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import { type ModelMessage, streamText, type UIMessageChunk } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { modelPartToChunk } from "./model-chunks.ts";
import { streamModelSteps } from "./model-step.ts";
import { ChatTurn, runChat } from "./run-chat.ts";

/**
 * Differential test: a call without tools reads the model's stream directly (model-step.ts); it
 * must give exactly what streamText's fullStream gives for the same model stream — the same
 * UI-message chunks (ids, provider metadata, step parts, aborts), the same errors, the same call
 * to the model — and runChat must end the same way on both engines.
 */

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const finish: LanguageModelV3StreamPart = {
  type: "finish",
  finishReason: { unified: "stop", raw: "stop" },
  usage,
};
const start: LanguageModelV3StreamPart = { type: "stream-start", warnings: [] };
const text = (
  id: string,
  delta: string,
  providerMetadata?: Record<string, Record<string, number>>,
) =>
  ({ type: "text-delta", id, delta, ...(providerMetadata ? { providerMetadata } : {}) }) as const;

type Script =
  | { parts: LanguageModelV3StreamPart[]; delayMs?: number }
  | { throws: Error }
  | { breaksAfter: LanguageModelV3StreamPart[] };

const SCRIPTS: Record<string, Script> = {
  plain: {
    parts: [
      start,
      { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) },
      { type: "text-start", id: "t" },
      text("t", "The moon "),
      text("t", ""),
      text("t", "pulls [1]."),
      { type: "text-end", id: "t" },
      finish,
    ],
  },
  "metadata, a second text part and a reused id": {
    parts: [
      start,
      { type: "text-start", id: "t" },
      text("t", "a", { x: { a: 1 } }),
      text("t", "b"),
      text("t", "", { x: { a: 2 } }),
      text("t", "c"),
      { type: "text-end", id: "t", providerMetadata: { x: { end: 1 } } },
      { type: "text-start", id: "u" },
      text("u", "d", { y: { b: 1 } }),
      text("u", "e"),
      text("u", ""),
      text("u", "", { y: { b: 2 } }),
      { type: "text-end", id: "u" },
      { type: "text-start", id: "t" },
      text("t", "f"),
      { type: "text-end", id: "t" },
      finish,
    ],
  },
  "reasoning, file, source and raw parts": {
    parts: [
      start,
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "" },
      { type: "reasoning-delta", id: "r", delta: "Think.", providerMetadata: { p: { n: 1 } } },
      { type: "reasoning-end", id: "r" },
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "Again." },
      { type: "reasoning-end", id: "r" },
      { type: "file", mediaType: "image/png", data: new Uint8Array([1, 2, 3]) },
      { type: "file", mediaType: "text/plain", data: "aGk=" },
      { type: "source", sourceType: "url", id: "s", url: "https://a.example" },
      { type: "raw", rawValue: { any: 1 } },
      { type: "text-start", id: "t" },
      text("t", "Done."),
      { type: "text-end", id: "t" },
      finish,
    ],
  },
  "deltas of parts never started": {
    parts: [
      start,
      text("x", "a"),
      { type: "text-end", id: "x" },
      { type: "reasoning-delta", id: "y", delta: "b" },
      finish,
    ],
  },
  "no finish after output": { parts: [{ type: "text-start", id: "t" }, text("t", "cut")] },
  "no output at all": { parts: [start] },
  "only metadata": { parts: [{ type: "response-metadata", id: "x" }] },
  "an error part midway": {
    parts: [
      { type: "text-start", id: "t" },
      text("t", "a"),
      { type: "error", error: new Error("boom") },
      text("t", "b"),
      { type: "error", error: new Error("second") },
    ],
  },
  "a tool call although no tools were given": {
    parts: [
      start,
      { type: "tool-input-start", id: "c", toolName: "x" },
      { type: "tool-input-delta", id: "c", delta: "{}" },
      { type: "tool-input-end", id: "c" },
      { type: "tool-call", toolCallId: "c", toolName: "x", input: "{}" },
      { type: "tool-call", toolCallId: "d", toolName: "y", input: "not json" },
      finish,
    ],
  },
  "the call fails": {
    throws: new APICallError({
      message: "Bad Request",
      url: "http://model/v1",
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: false,
    }),
  },
  "the stream breaks": {
    breaksAfter: [{ type: "text-start", id: "t" }, text("t", "half")],
  },
};

function modelFor(script: Script) {
  return new MockLanguageModelV3({
    doStream: async () => {
      if ("throws" in script) throw script.throws;
      if ("breaksAfter" in script)
        return {
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              for (const part of script.breaksAfter) controller.enqueue(part);
              controller.error(new Error("connection reset"));
            },
          }),
        };
      return {
        stream: simulateReadableStream({
          chunks: script.parts,
          chunkDelayInMs: script.delayMs ?? null,
        }),
      };
    },
  });
}

const SYSTEM = "You answer from the sources.";
const MESSAGES: ModelMessage[] = [
  { role: "user", content: "Why are there tides?" },
  { role: "assistant", content: "The moon [1]." },
  { role: "user", content: "And the sun?" },
];

interface Outcome {
  chunks: UIMessageChunk[];
  errors: string[];
  thrown: string | null;
  call: unknown;
}

/** Ids the SDK makes up for a reused part id are random: compared as one placeholder. */
const sameIds = (chunks: UIMessageChunk[]) =>
  JSON.parse(
    JSON.stringify(chunks).replace(/"aitxt-[A-Za-z0-9-]+"/g, '"aitxt-generated"'),
  ) as UIMessageChunk[];

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

async function viaSdk(
  script: Script,
  abortAfter?: number,
  messages: ModelMessage[] = MESSAGES,
): Promise<Outcome> {
  const model = modelFor(script);
  const controller = new AbortController();
  const outcome: Outcome = { chunks: [], errors: [], thrown: null, call: null };
  const result = streamText({
    model,
    system: SYSTEM,
    messages,
    abortSignal: controller.signal,
    onError: () => undefined,
  });
  try {
    const reader = result.fullStream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === "error") outcome.errors.push(describeError(value.error));
      const chunk = modelPartToChunk(value);
      if (chunk) outcome.chunks.push(chunk);
      if (outcome.chunks.length === abortAfter) controller.abort(new Error("stopped"));
    }
  } catch (error) {
    outcome.thrown = describeError(error);
  }
  outcome.call = callOf(model, controller.signal);
  return outcome;
}

/** The model's call options, its abort signal as whether it is the caller's (streamText may add a listener). */
function callOf(model: MockLanguageModelV3, signal: AbortSignal) {
  const call = model.doStreamCalls[0];
  return call ? { ...call, abortSignal: call.abortSignal === signal } : null;
}

async function direct(
  script: Script,
  abortAfter?: number,
  messages: ModelMessage[] = MESSAGES,
): Promise<Outcome> {
  const model = modelFor(script);
  const controller = new AbortController();
  const outcome: Outcome = { chunks: [], errors: [], thrown: null, call: null };
  try {
    await streamModelSteps({
      model,
      system: SYSTEM,
      messages,
      maxSteps: 1,
      signal: controller.signal,
      emit: (part) => {
        if (part.type === "error") outcome.errors.push(describeError(part.error));
        const chunk = modelPartToChunk(part);
        if (chunk) outcome.chunks.push(chunk);
        if (outcome.chunks.length === abortAfter) controller.abort(new Error("stopped"));
      },
    });
  } catch (error) {
    outcome.thrown = describeError(error);
  }
  outcome.call = callOf(model, controller.signal);
  return outcome;
}

const comparable = (outcome: Outcome) => ({ ...outcome, chunks: sameIds(outcome.chunks) });

describe("a model step without tools, read directly", () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(`gives what streamText gives: ${name}`, async () => {
      const expected = await viaSdk(script);
      expect(comparable(await direct(script))).toEqual(comparable(expected));
    });
  }

  it("sends the model the call streamText sends (prompt, settings, signal)", async () => {
    const expected = await viaSdk(SCRIPTS.plain as Script);
    const call = (await direct(SCRIPTS.plain as Script)).call as Record<string, unknown>;
    expect(call.prompt).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: [{ type: "text", text: "Why are there tides?" }] },
      { role: "assistant", content: [{ type: "text", text: "The moon [1]." }] },
      { role: "user", content: [{ type: "text", text: "And the sun?" }] },
    ]);
    expect(call).toEqual(expected.call);
  });

  it("ends with an abort part when stopped midway, as streamText does", async () => {
    const script: Script = {
      parts: [
        start,
        { type: "text-start", id: "t" },
        ...Array.from({ length: 8 }, (_, i) => text("t", `w${i} `)),
        { type: "text-end", id: "t" },
        finish,
      ],
      delayMs: 1,
    };
    const expected = await viaSdk(script, 4);
    const got = await direct(script, 4);
    expect(got.chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    expect(comparable(got)).toEqual(comparable(expected));
  });
});

describe("the prompt check of a step read directly", () => {
  // Our chats send text messages (checked without the SDK's schema, which cannot refuse them);
  // anything else is checked by the SDK, and refused as streamText refuses it.
  const PROMPTS: Record<string, ModelMessage[]> = {
    "text messages with extra fields": [
      { role: "user", content: "Why are there tides?", id: "m1" } as ModelMessage,
    ],
    "a message with content parts": [
      { role: "user", content: [{ type: "text", text: "Why are there tides?" }] },
    ],
    "a message whose content is not text": [
      { role: "user", content: 42 } as unknown as ModelMessage,
    ],
    "a message with bad provider options": [
      { role: "user", content: "Why?", providerOptions: 5 } as unknown as ModelMessage,
    ],
    "a message of an unknown role": [{ role: "robot", content: "Why?" } as unknown as ModelMessage],
    "no messages": [],
  };
  for (const [name, messages] of Object.entries(PROMPTS)) {
    it(`answers or refuses as streamText does: ${name}`, async () => {
      const script = SCRIPTS.plain as Script;
      const expected = await viaSdk(script, undefined, messages);
      const got = await direct(script, undefined, messages);
      expect(comparable(got)).toEqual(comparable(expected));
      // The first two are answered; the others refused before the model is called.
      const refused =
        !name.startsWith("text messages") && !name.startsWith("a message with content");
      expect(got.call === null).toBe(refused);
      if (refused) expect(got.errors[0]).toMatch(/^AI_InvalidPromptError/);
    });
  }
});

describe("runChat on both engines", () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(`ends the same way: ${name}`, async () => {
      const end = async (engine: "direct" | "sdk") => {
        const turn = new ChatTurn();
        const written: UIMessageChunk[] = [];
        let thrown: string | null = null;
        try {
          await runChat({
            model: modelFor(script),
            system: SYSTEM,
            messages: MESSAGES,
            write: (chunk) => written.push(chunk),
            turn,
            signal: new AbortController().signal,
            engine,
          });
        } catch (error) {
          thrown = describeError(error);
        }
        const delta = (type: string) =>
          written.map((c) => (c.type === type && "delta" in c ? c.delta : "")).join("");
        return {
          thrown,
          text: turn.text,
          reasoning: turn.reasoning,
          parts: turn.parts,
          streamedText: delta("text-delta"),
          streamedReasoning: delta("reasoning-delta"),
          types: [...new Set(written.map((c) => c.type))],
        };
      };
      expect(await end("direct")).toEqual(await end("sdk"));
    });
  }
});
