import { describe, expect, it } from "vitest";
import {
  type Run,
  type Script,
  viaRunChat,
  viaSdk,
} from "../../../test/support/run-chat.differential.ts";
import {
  MESSAGES,
  SCRIPTS,
  SYSTEM,
  toolsFor,
} from "../../../test/support/run-chat-tools.scripts.ts";

/**
 * Differential test of calls with tools: for the same scripted model (one script per step;
 * run-chat-tools.scripts.ts) and tools, what runChat writes and saves must be what the AI SDK's
 * own `streamText(...).toUIMessageStream()` gives — the same UI-message chunks (tool input,
 * calls valid and invalid, results, preliminary results, errors; deltas may be merged), the same
 * error, the same saved parts, the same calls to the model at every step and to the tools.
 */

const SETUP = { system: SYSTEM, messages: MESSAGES, tools: toolsFor };

/** What runChat gave, in the shape viaSdk gives (the turn aside). */
const comparable = ({
  turn: _turn,
  thrown: _thrown,
  ...run
}: Run & { turn: unknown; thrown: unknown }): Run => run;

const script = (name: string) => {
  const found = SCRIPTS[name];
  if (!found) throw new Error(`no script ${name}`);
  return found as Script;
};

describe("runChat with tools, against streamText(...).toUIMessageStream()", () => {
  for (const [name, steps] of Object.entries(SCRIPTS)) {
    it(`writes, saves and ends as the SDK does: ${name}`, async () => {
      const expected = await viaSdk(SETUP, steps);
      expect(comparable(await viaRunChat(SETUP, steps))).toEqual(expected);
    });
  }
});

describe("what the scripts show (runChat)", () => {
  it("calls the tool with the step's messages and gives the model its result in step 2", async () => {
    const got = await viaRunChat(SETUP, script("one call, its result, then the answer"));
    expect(got.executions).toEqual([
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
    expect(got.calls).toHaveLength(2);
    const prompt = (got.calls[1] as { prompt: unknown[] }).prompt;
    expect(prompt.slice(-2)).toMatchObject([
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "lookup" }] },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            output: { type: "json", value: { found: "TIDES" } },
          },
        ],
      },
    ]);
    expect(got.turn.toolCalls).toBe(1);
    expect(got.turn.text).toBe("The moon pulls.");
    expect(got.turn.parts).toEqual([
      {
        type: "tool-lookup",
        toolCallId: "c1",
        state: "output-available",
        input: { q: "tides" },
        output: { found: "TIDES" },
      },
      { type: "text", text: "The moon pulls." },
    ]);
  });

  it("saves a failing tool as an output-error part with the tool's own message", async () => {
    const got = await viaRunChat(SETUP, script("a tool that throws"));
    expect(got.turn.parts[0]).toEqual({
      type: "tool-fails",
      toolCallId: "c1",
      state: "output-error",
      input: {},
      errorText: "The search service is down.",
    });
    expect(got.failure).toBeNull();
  });

  it("rejects with the model's error, not an earlier tool's, when both failed", async () => {
    const got = await viaRunChat(SETUP, script("a tool that throws, then an error part in step 2"));
    expect(got.failure).toBe("overloaded");
    expect(got.turn.parts[0]).toMatchObject({ state: "output-error" });
  });

  it("saves invalid input as an output-error part and goes on to the answer", async () => {
    const got = await viaRunChat(SETUP, script("input failing the schema"));
    expect(got.turn.parts[0]).toMatchObject({
      type: "tool-lookup",
      state: "output-error",
      errorText: expect.stringMatching(/Invalid input for tool lookup/),
    });
    expect(got.turn.text).toBe("The moon pulls.");
  });

  it("stops at the step limit, and when a call has no result", async () => {
    const limited = await viaRunChat(SETUP, script("the step limit reached with a call pending"));
    expect(limited.calls).toHaveLength(2);
    expect(limited.executions).toHaveLength(2);
    const noResult = await viaRunChat(SETUP, script("a tool without execute"));
    expect(noResult.calls).toHaveLength(1);
  });

  it("ends with an abort chunk when stopped while a tool runs, without a second step", async () => {
    const got = await viaRunChat(SETUP, script("stopped while a tool runs"));
    expect(got.chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    expect(got.calls).toHaveLength(1);
    expect(got.executions).toHaveLength(1);
    expect(got.turn.parts).toMatchObject([{ type: "tool-waits", toolCallId: "c1" }]);
  });
});
