import {
  stepCountIs,
  streamText,
  type TextStreamPart,
  type ToolSet,
  type UIMessageChunk,
} from "ai";
import type { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { modelPartToChunk } from "./model-chunks.ts";
import { streamModelSteps } from "./model-step.ts";
import { ChatTurn, runChat } from "./run-chat.ts";
import {
  MESSAGES,
  modelFor,
  SCRIPTS,
  type Script,
  SYSTEM,
  toolsFor,
} from "./run-chat-tools.scripts.ts";

/**
 * Differential test for calls with tools: the direct reader (model-step.ts, step-reader.ts,
 * tool-step.ts) must give exactly what streamText gives for the same scripted model (one script
 * per step; run-chat-tools.scripts.ts) and tools — the same UI-message chunks, the same errors,
 * the same call to the model at every step (the second step's prompt holds the first step's calls
 * and results), the same calls to the tools (input and options), and runChat must save and end
 * the same way.
 */

interface Outcome {
  chunks: UIMessageChunk[];
  errors: string[];
  thrown: string | null;
  calls: unknown[];
  executions: unknown[][];
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Ids the SDK makes up for a reused part id are random: compared as one placeholder. */
const sameIds = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/"aitxt-[A-Za-z0-9-]+"/g, '"aitxt-generated"'));

/** Every call to the model, its abort signal as whether it is the caller's. */
const callsOf = (model: MockLanguageModelV3, signal: AbortSignal) =>
  model.doStreamCalls.map((c) => ({ ...c, abortSignal: c.abortSignal === signal }));

async function run(
  script: Script,
  engine: "sdk" | "direct",
): Promise<{ outcome: Outcome; comparable: unknown }> {
  const model = modelFor(script.steps);
  const executions: unknown[][] = [];
  const tools = toolsFor(executions);
  const controller = new AbortController();
  const outcome: Outcome = { chunks: [], errors: [], thrown: null, calls: [], executions };
  const take = (part: TextStreamPart<ToolSet>) => {
    if (part.type === "error") outcome.errors.push(describeError(part.error));
    const chunk = modelPartToChunk(part, tools);
    if (chunk) outcome.chunks.push(chunk);
    if (outcome.chunks.length === script.abortAfter) controller.abort(new Error("stopped"));
  };
  const maxSteps = script.maxSteps ?? 5;
  try {
    if (engine === "sdk") {
      const result = streamText({
        model,
        system: SYSTEM,
        messages: MESSAGES,
        tools,
        stopWhen: stepCountIs(maxSteps),
        abortSignal: controller.signal,
        onError: () => undefined,
      });
      for await (const part of result.fullStream) take(part);
    } else {
      await streamModelSteps({
        model,
        system: SYSTEM,
        messages: MESSAGES,
        tools,
        maxSteps,
        signal: controller.signal,
        emit: take,
      });
    }
  } catch (error) {
    outcome.thrown = describeError(error);
  }
  outcome.calls = callsOf(model, controller.signal);
  return { outcome, comparable: sameIds(outcome) };
}

describe("a model call with tools, read directly", () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(`gives what streamText gives: ${name}`, async () => {
      const expected = await run(script, "sdk");
      const got = await run(script, "direct");
      expect(got.comparable).toEqual(expected.comparable);
    });
  }
});

describe("what the scripts show (read directly)", () => {
  it("calls the tool with the step's messages and gives the model its result in step 2", async () => {
    const { outcome } = await run(
      SCRIPTS["one call, its result, then the answer"] as Script,
      "direct",
    );
    expect(outcome.executions).toEqual([
      [
        "lookup",
        { q: "tides" },
        {
          toolCallId: "c1",
          messages: MESSAGES,
          abortSignal: true,
          experimental_context: undefined,
        },
      ],
    ]);
    expect(outcome.calls).toHaveLength(2);
    const prompt = (outcome.calls[1] as { prompt: unknown[] }).prompt;
    expect(prompt.slice(-2)).toEqual([
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: "c1",
            toolName: "lookup",
            input: { q: "tides" },
            providerExecuted: undefined,
            providerOptions: undefined,
          },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "lookup",
            output: { type: "json", value: { found: "TIDES" } },
            providerOptions: undefined,
          },
        ],
      },
    ]);
    expect(outcome.chunks.map((c) => c.type)).toEqual([
      "start-step",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-delta",
      "tool-input-available",
      "tool-output-available",
      "finish-step",
      "start-step",
      "text-start",
      "text-delta",
      "text-delta",
      "text-end",
      "finish-step",
    ]);
  });

  it("stops at the step limit, and when a call has no result", async () => {
    const limited = await run(
      SCRIPTS["the step limit reached with a call pending"] as Script,
      "direct",
    );
    expect(limited.outcome.calls).toHaveLength(2);
    expect(limited.outcome.executions).toHaveLength(2);
    const noResult = await run(SCRIPTS["a tool without execute"] as Script, "direct");
    expect(noResult.outcome.calls).toHaveLength(1);
  });

  it("ends with an abort part when stopped while a tool runs, without a second step", async () => {
    const { outcome } = await run(SCRIPTS["stopped while a tool runs"] as Script, "direct");
    expect(outcome.chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    expect(outcome.calls).toHaveLength(1);
  });
});

describe("runChat with tools on both engines", () => {
  /** Consecutive deltas of a part merged (the coalescer's merging depends on timing). */
  const merged = (chunks: UIMessageChunk[]) => {
    const out: UIMessageChunk[] = [];
    for (const chunk of chunks) {
      const last = out.at(-1);
      if (
        last &&
        (chunk.type === "text-delta" || chunk.type === "reasoning-delta") &&
        last.type === chunk.type &&
        last.id === chunk.id &&
        chunk.providerMetadata == null &&
        last.providerMetadata == null
      )
        out[out.length - 1] = { ...last, delta: last.delta + chunk.delta };
      else out.push(chunk);
    }
    return out;
  };

  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(`saves and ends the same way: ${name}`, async () => {
      const end = async (engine: "direct" | "sdk") => {
        const model = modelFor(script.steps);
        const executions: unknown[][] = [];
        const turn = new ChatTurn();
        const written: UIMessageChunk[] = [];
        const controller = new AbortController();
        let thrown: string | null = null;
        try {
          await runChat({
            model,
            system: SYSTEM,
            messages: MESSAGES,
            tools: toolsFor(executions),
            ...(script.maxSteps !== undefined ? { maxSteps: script.maxSteps } : {}),
            write: (chunk) => {
              written.push(chunk);
              if (written.length === script.abortAfter) controller.abort(new Error("stopped"));
            },
            turn,
            signal: controller.signal,
            engine,
          });
        } catch (error) {
          thrown = describeError(error);
        }
        return sameIds({
          thrown,
          text: turn.text,
          reasoning: turn.reasoning,
          parts: turn.parts,
          toolCalls: turn.toolCalls,
          written: merged(written),
          calls: callsOf(model, controller.signal),
          executions,
        });
      };
      expect(await end("direct")).toEqual(await end("sdk"));
    });
  }
});
