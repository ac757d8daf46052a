/**
 * In-memory CPU of one agent tool round trip (two model steps: a tool call, the tool's instant
 * result, then a ten-delta answer) through runChat ("ours": streamText, toUIMessageStream, the
 * saved turn and the delta merging) and through the AI SDK alone ("sdk": streamText(...)
 * .toUIMessageStream() read to its end). No network, no database: what runChat adds per round
 * trip. The two alternate in batches so drift on a shared machine hits both.
 *
 *   node --import tsx bench/lib/tool-round-trip.ts [iterations=2000]
 */
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { asSchema, stepCountIs, streamText, type ToolSet, tool } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { z } from "zod";
import { ChatTurn, runChat } from "../../apps/server/src/ai/chat/run-chat.ts";

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const finish = (unified: "stop" | "tool-calls"): LanguageModelV3StreamPart => ({
  type: "finish",
  finishReason: { unified, raw: unified },
  usage,
});
const STEP_1: LanguageModelV3StreamPart[] = [
  { type: "stream-start", warnings: [] },
  { type: "tool-input-start", id: "c1", toolName: "web_search" },
  { type: "tool-input-delta", id: "c1", delta: '{"query":"why tides"}' },
  { type: "tool-input-end", id: "c1" },
  { type: "tool-call", toolCallId: "c1", toolName: "web_search", input: '{"query":"why tides"}' },
  finish("tool-calls"),
];
const STEP_2: LanguageModelV3StreamPart[] = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  ...Array.from({ length: 10 }, (_, i) => ({
    type: "text-delta" as const,
    id: "t",
    delta: `word${i} `,
  })),
  { type: "text-end", id: "t" },
  finish("stop"),
];

// As toolsFor gives them: the input schema converted once (ai/tools/index.ts).
const schema = asSchema(z.object({ query: z.string().min(1).max(400) }));
const tools: ToolSet = {
  web_search: tool({
    description: "Searches the web.",
    inputSchema: schema,
    execute: async (input: { query: string }) => ({
      results: [{ n: 1, title: `About ${input.query}`, url: "https://a.example/1" }],
    }),
  }),
};

type Way = "sdk" | "ours";

async function roundTrip(way: Way) {
  let call = 0;
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: call++ === 0 ? STEP_1 : STEP_2,
        initialDelayInMs: null,
        chunkDelayInMs: null,
      }),
    }),
  });
  const system = "You are an agent.";
  const messages = [{ role: "user" as const, content: "Why are there tides?" }];
  if (way === "sdk") {
    const result = streamText({
      model,
      system,
      messages,
      tools,
      stopWhen: stepCountIs(5),
      onError: () => undefined,
    });
    let chunks = 0;
    for await (const _ of result.toUIMessageStream({ sendStart: false, sendFinish: false }))
      chunks++;
    if (chunks === 0) throw new Error("sdk: no round trip");
    return;
  }
  const turn = new ChatTurn();
  await runChat({
    model,
    system,
    messages,
    tools,
    write: () => undefined,
    turn,
    signal: new AbortController().signal,
  });
  if (turn.text === "" || turn.toolCalls !== 1) throw new Error("ours: no round trip");
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function batch(way: Way, n: number) {
  const before = cpuMs();
  for (let i = 0; i < n; i++) await roundTrip(way);
  return cpuMs() - before;
}

const iterations = Number(process.argv[2] ?? 2000);
const BATCH = 100;
await batch("sdk", 200);
await batch("ours", 200);
const total = { sdk: 0, ours: 0 };
for (let done = 0; done < iterations; done += BATCH) {
  total.sdk += await batch("sdk", BATCH);
  total.ours += await batch("ours", BATCH);
}
const per = (ms: number) => (ms / iterations).toFixed(3);
console.log(
  `tool round trip, in-memory CPU per call (${iterations} each): streamText + toUIMessageStream ${per(total.sdk)} ms, runChat ${per(total.ours)} ms (runChat adds ${per(total.ours - total.sdk)} ms)`,
);
