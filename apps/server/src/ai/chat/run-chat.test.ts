import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import {
  type Run,
  type Setup,
  type Step,
  viaRunChat,
  viaSdk,
} from "../../../test/support/run-chat.differential.ts";

/**
 * Differential test of a call without tools: what runChat writes and saves must be what the AI
 * SDK's own `streamText(...).toUIMessageStream()` gives for the same model stream — the same
 * UI-message chunks (ids, provider metadata, step parts, aborts; deltas may be merged), the same
 * error, the same saved text, reasoning and parts, the same call to the model.
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

const STEPS: Record<string, Step> = {
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

const SETUP: Setup = {
  system: "You answer from the sources.",
  messages: [
    { role: "user", content: "Why are there tides?" },
    { role: "assistant", content: "The moon [1]." },
    { role: "user", content: "And the sun?" },
  ],
};

/** What runChat gave, in the shape viaSdk gives (the turn aside). */
const comparable = ({
  turn: _turn,
  thrown: _thrown,
  ...run
}: Run & { turn: unknown; thrown: unknown }): Run => run;

describe("runChat without tools, against streamText(...).toUIMessageStream()", () => {
  for (const [name, step] of Object.entries(STEPS)) {
    it(`writes, saves and ends as the SDK does: ${name}`, async () => {
      const expected = await viaSdk(SETUP, { steps: [step] });
      const got = comparable(await viaRunChat(SETUP, { steps: [step] }));
      // Deltas of parts never started: the SDK's own reader refuses them; runChat keeps the text.
      if (expected.saved.parts === null) got.saved.parts = null;
      expect(got).toEqual(expected);
    });
  }

  it("sends the model the prompt of the system text and the conversation", async () => {
    const got = await viaRunChat(SETUP, { steps: [STEPS.plain as Step] });
    expect((got.calls[0] as { prompt: unknown }).prompt).toEqual([
      { role: "system", content: SETUP.system },
      { role: "user", content: [{ type: "text", text: "Why are there tides?" }] },
      { role: "assistant", content: [{ type: "text", text: "The moon [1]." }] },
      { role: "user", content: [{ type: "text", text: "And the sun?" }] },
    ]);
    expect(got.turn.text).toBe("The moon pulls [1].");
    expect(got.turn.firstTokenMs).not.toBeNull();
  });

  it("keeps what was streamed and ends with an abort chunk when stopped midway", async () => {
    const script = {
      abortAfter: 5,
      steps: [
        {
          parts: [
            start,
            { type: "text-start", id: "t" },
            ...Array.from({ length: 8 }, (_, i) => text("t", `w${i} `)),
            { type: "text-end", id: "t" },
            finish,
          ],
          delayMs: 1,
        } as Step,
      ],
    };
    const expected = await viaSdk(SETUP, script);
    const got = await viaRunChat(SETUP, script);
    expect(got.chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    // The call rejects with the abort's reason (the caller saves the partial turn, stopped).
    expect(got.thrown).toEqual(new Error("stopped"));
    expect(got.turn.text).toMatch(/^w0 w1 /);
    expect(got.turn.text).not.toContain("w7");
    expect(comparable(got)).toEqual(expected);
  });

  it("rejects with the model's own error (the caller words it)", async () => {
    const got = await viaRunChat(SETUP, { steps: [STEPS["the call fails"] as Step] });
    expect(got.failure).toBe("Bad Request");
  });
});

describe("the prompt check", () => {
  // The SDK checks the messages; what it refuses, runChat refuses the same way.
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
    "a message of an unknown role": [{ role: "robot", content: "Why?" } as unknown as ModelMessage],
    "no messages": [],
  };
  for (const [name, messages] of Object.entries(PROMPTS)) {
    it(`answers or refuses as streamText does: ${name}`, async () => {
      const setup = { ...SETUP, messages };
      const script = { steps: [STEPS.plain as Step] };
      const expected = await viaSdk(setup, script);
      const got = await viaRunChat(setup, script);
      expect(comparable(got)).toEqual(expected);
      const refused =
        !name.startsWith("text messages") && !name.startsWith("a message with content");
      expect(got.calls.length === 0).toBe(refused);
      if (refused) expect(got.failure).toMatch(/Invalid prompt/i);
    });
  }
});
