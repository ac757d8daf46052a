import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import { type ModelMessage, type ToolExecutionOptions, type ToolSet, tool } from "ai";
import { z } from "zod";
import type { Script, Step } from "./run-chat.differential.ts";

/**
 * The scripts of run-chat-tools.test.ts: a model scripted step by step (one stream, failure or
 * broken stream per call to doStream; run-chat.differential.ts plays them) and tools that record
 * each execution (the input and the options they were given).
 */

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
type Reason = "stop" | "tool-calls" | "length";
const finish = (unified: Reason = "stop"): LanguageModelV3StreamPart => ({
  type: "finish",
  finishReason: { unified, raw: unified },
  usage,
});
const start: LanguageModelV3StreamPart = { type: "stream-start", warnings: [] };
const call = (
  toolCallId: string,
  toolName: string,
  input: string,
  extra: Record<string, unknown> = {},
): LanguageModelV3StreamPart => ({ type: "tool-call", toolCallId, toolName, input, ...extra });
const answer = (id: string, ...deltas: string[]): LanguageModelV3StreamPart[] => [
  { type: "text-start", id },
  ...deltas.map((delta) => ({ type: "text-delta" as const, id, delta })),
  { type: "text-end", id },
];

export const finalAnswer: Step = {
  parts: [start, ...answer("t", "The moon ", "pulls."), finish()],
};

/** The tools, recording each execution (input and the options streamText gives). */
export function toolsFor(record: unknown[][]) {
  const seen = (name: string) => (input: unknown, options: ToolExecutionOptions) =>
    record.push([name, input, { ...options, abortSignal: options.abortSignal !== undefined }]);
  const tools: ToolSet = {
    lookup: tool({
      description: "Looks a word up.",
      inputSchema: z.object({ q: z.string() }),
      execute: async (input, options) => {
        seen("lookup")(input, options);
        return { found: input.q.toUpperCase() };
      },
    }),
    slow: tool({
      description: "Answers after a while.",
      inputSchema: z.object({ ms: z.number() }),
      execute: async (input, options) => {
        seen("slow")(input, options);
        await new Promise((resolve) => setTimeout(resolve, input.ms));
        return `waited ${input.ms} ms`;
      },
    }),
    fails: tool({
      inputSchema: z.object({}),
      execute: async (input, options): Promise<string> => {
        seen("fails")(input, options);
        throw new Error("The search service is down.");
      },
    }),
    waits: tool({
      inputSchema: z.object({}),
      execute: (input, options) => {
        seen("waits")(input, options);
        return new Promise<string>((_, reject) => {
          const signal = options.abortSignal as AbortSignal;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        });
      },
    }),
    counts: tool({
      inputSchema: z.object({ to: z.number() }),
      async *execute(input, options) {
        seen("counts")(input, options);
        for (let n = 1; n <= input.to; n++) yield { n };
      },
    }),
    noExecute: tool({ inputSchema: z.object({}) }),
  };
  return tools;
}

export const SYSTEM = "You answer with tools.";
export const MESSAGES: ModelMessage[] = [
  { role: "user", content: "Why are there tides?" },
  { role: "assistant", content: "The moon [1]." },
  { role: "user", content: "Look it up." },
];

export const SCRIPTS: Record<string, Script> = {
  "one call, its result, then the answer": {
    steps: [
      {
        parts: [
          start,
          { type: "response-metadata", id: "r1", modelId: "m", timestamp: new Date(0) },
          { type: "tool-input-start", id: "c1", toolName: "lookup" },
          { type: "tool-input-delta", id: "c1", delta: '{"q":' },
          { type: "tool-input-delta", id: "c1", delta: '"tides"}' },
          { type: "tool-input-end", id: "c1" },
          call("c1", "lookup", '{"q":"tides"}'),
          finish("tool-calls"),
        ],
      },
      finalAnswer,
    ],
  },
  "two calls at once": {
    steps: [
      {
        parts: [
          start,
          call("c1", "lookup", '{"q":"moon"}'),
          call("c2", "lookup", '{"q":"sun"}'),
          finish("tool-calls"),
        ],
      },
      finalAnswer,
    ],
  },
  "two calls, the second ends first": {
    steps: [
      {
        parts: [
          start,
          call("c1", "slow", '{"ms":30}'),
          call("c2", "slow", '{"ms":1}'),
          finish("tool-calls"),
        ],
      },
      finalAnswer,
    ],
  },
  "a tool that throws": {
    steps: [{ parts: [start, call("c1", "fails", "{}"), finish("tool-calls")] }, finalAnswer],
  },
  "an unknown tool": {
    steps: [{ parts: [start, call("c1", "nope", '{"q":1}'), finish("tool-calls")] }, finalAnswer],
  },
  "invalid JSON input": {
    steps: [{ parts: [start, call("c1", "lookup", '{"q":'), finish("tool-calls")] }, finalAnswer],
  },
  "input failing the schema": {
    steps: [{ parts: [start, call("c1", "lookup", '{"q":5}'), finish("tool-calls")] }, finalAnswer],
  },
  "empty input": {
    steps: [
      { parts: [start, call("c1", "fails", ""), call("c2", "lookup", " "), finish()] },
      finalAnswer,
    ],
  },
  "a tool without execute": {
    steps: [{ parts: [start, call("c1", "noExecute", "{}"), finish("tool-calls")] }],
  },
  "a tool with preliminary results": {
    steps: [
      { parts: [start, call("c1", "counts", '{"to":3}'), finish("tool-calls")] },
      finalAnswer,
    ],
  },
  "the model stops for length with a call": {
    steps: [{ parts: [start, call("c1", "lookup", '{"q":"x"}'), finish("length")] }],
  },
  "no finish after a call": {
    steps: [{ parts: [start, call("c1", "lookup", '{"q":"x"}')] }],
  },
  "the step limit reached with a call pending": {
    maxSteps: 2,
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] },
      { parts: [start, call("c2", "lookup", '{"q":"b"}'), finish("tool-calls")] },
      finalAnswer,
    ],
  },
  "one step allowed": {
    maxSteps: 1,
    steps: [{ parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] }],
  },
  "reasoning, text and a call in one step, a reused text id in the next": {
    steps: [
      {
        parts: [
          start,
          { type: "reasoning-start", id: "r" },
          {
            type: "reasoning-delta",
            id: "r",
            delta: "I should look.",
            providerMetadata: { p: { s: 1 } },
          },
          { type: "reasoning-end", id: "r" },
          { type: "text-start", id: "t", providerMetadata: { p: { t: 1 } } },
          { type: "text-delta", id: "t", delta: "Let me check. " },
          { type: "text-delta", id: "t", delta: "", providerMetadata: { p: { t: 2 } } },
          { type: "text-end", id: "t" },
          { type: "text-start", id: "e" },
          { type: "text-end", id: "e" },
          { type: "source", sourceType: "url", id: "s", url: "https://a.example" },
          call("c1", "lookup", '{"q":"tides"}'),
          finish("tool-calls"),
        ],
      },
      {
        parts: [
          start,
          { type: "reasoning-start", id: "r" },
          { type: "reasoning-delta", id: "r", delta: "Found it." },
          { type: "reasoning-end", id: "r" },
          ...answer("t", "The moon ", "pulls."),
          finish(),
        ],
      },
    ],
  },
  "provider metadata on tool calls": {
    steps: [
      {
        parts: [
          start,
          {
            type: "tool-input-start",
            id: "c1",
            toolName: "lookup",
            providerMetadata: { p: { i: 1 } },
          },
          { type: "tool-input-end", id: "c1" },
          call("c1", "lookup", '{"q":"a"}', { providerMetadata: { p: { c: 1 } } }),
          call("c2", "nope", "{}", { providerMetadata: { p: { c: 2 } } }),
          finish("tool-calls"),
        ],
      },
      finalAnswer,
    ],
  },
  "the model fails to answer in step 2": {
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] },
      {
        throws: new APICallError({
          message: "Bad Request",
          url: "http://model/v1",
          requestBodyValues: {},
          statusCode: 400,
          isRetryable: false,
        }),
      },
    ],
  },
  "an error part in step 2": {
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] },
      {
        parts: [
          start,
          ...answer("t", "half"),
          { type: "error", error: new Error("overloaded") },
          finish(),
        ],
      },
    ],
  },
  "a tool that throws, then an error part in step 2": {
    steps: [
      { parts: [start, call("c1", "fails", "{}"), finish("tool-calls")] },
      { parts: [start, { type: "error", error: new Error("overloaded") }, finish()] },
    ],
  },
  "the stream breaks in step 2": {
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] },
      {
        breaksAfter: [
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "x" },
        ],
      },
    ],
  },
  "no output in step 2": {
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")] },
      { parts: [start] },
    ],
  },
  "an invalid call before a valid one and more text": {
    steps: [
      {
        parts: [
          start,
          call("c1", "nope", "not json"),
          call("c2", "lookup", '{"q":"a"}'),
          ...answer("t", "Checking."),
          finish("tool-calls"),
        ],
      },
      finalAnswer,
    ],
  },
  "stopped while a tool runs": {
    // Stopped once the model's step has ended: the tool it called is still running.
    abortAfter: 3,
    steps: [{ parts: [start, call("c1", "waits", "{}"), finish("tool-calls")] }, finalAnswer],
  },
  "stopped during the second step": {
    abortAfter: 7,
    steps: [
      { parts: [start, call("c1", "lookup", '{"q":"a"}'), finish("tool-calls")], delayMs: 1 },
      {
        parts: [start, ...answer("t", "a ", "b ", "c ", "d ", "e ", "f "), finish()],
        delayMs: 1,
      },
    ],
  },
};
