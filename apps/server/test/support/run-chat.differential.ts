import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import {
  type ModelMessage,
  readUIMessageStream,
  stepCountIs,
  streamText,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { toolErrorText } from "../../src/ai/chat/model-chunks.ts";
import { ChatTurn, runChat } from "../../src/ai/chat/run-chat.ts";

/**
 * The differential harness of run-chat.test.ts and run-chat-tools.test.ts: one scripted model
 * (a stream, a failure or a broken stream per call to doStream) run twice — through runChat, and
 * through the AI SDK's own `streamText(...).toUIMessageStream()` — and what each gave, in a form
 * the two can be compared in: the UI-message chunks (consecutive deltas merged: runChat merges
 * them on a timer), the error the call ended with, the saved turn (beside the UI message the SDK
 * builds from its own chunks), every call to the model and to the tools.
 */

export type Step =
  | { parts: LanguageModelV3StreamPart[]; delayMs?: number }
  | { throws: Error }
  | { breaksAfter: LanguageModelV3StreamPart[] };

export interface Script {
  steps: Step[];
  maxSteps?: number;
  /** The caller stops once the model has sent this many parts (over all steps). */
  abortAfter?: number;
}

/** A model that plays `script`, step by step; `onPart` hears each part it sends, numbered from 1. */
export function modelFor(script: Script, onPart: (n: number) => void = () => undefined) {
  let calls = 0;
  let sent = 0;
  const count = (stream: ReadableStream<LanguageModelV3StreamPart>) =>
    stream.pipeThrough(
      new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, controller) {
          controller.enqueue(part);
          onPart(++sent);
        },
      }),
    );
  return new MockLanguageModelV3({
    doStream: async () => {
      const step = script.steps[calls++];
      if (!step) throw new Error("no more steps scripted");
      if ("throws" in step) throw step.throws;
      if ("breaksAfter" in step)
        return {
          stream: count(
            new ReadableStream<LanguageModelV3StreamPart>({
              start(controller) {
                for (const part of step.breaksAfter) controller.enqueue(part);
                controller.error(new Error("connection reset"));
              },
            }),
          ),
        };
      return {
        stream: count(
          simulateReadableStream({ chunks: step.parts, chunkDelayInMs: step.delayMs ?? null }),
        ),
      };
    },
  });
}

/**
 * A part of the SDK's own UI message as ChatTurn saves it: text and reasoning with their text
 * (empty ones are not saved), a tool call in its final state. A call of a tool the chat was not
 * given is a `dynamic-tool` part to the SDK; ChatTurn saves it under the tool's name, as the web
 * draws every tool part.
 */
function savedPartOf(part: UIMessage["parts"][number]): unknown[] {
  if (part.type === "text" || part.type === "reasoning")
    return part.text === "" ? [] : [{ type: part.type, text: part.text }];
  if (part.type !== "dynamic-tool" && !part.type.startsWith("tool-")) return [];
  const tool = part as {
    type: string;
    toolName?: string;
    toolCallId: string;
    state: string;
    input?: unknown;
    rawInput?: unknown;
    output?: unknown;
    errorText?: string;
  };
  return [
    {
      type: part.type === "dynamic-tool" ? `tool-${tool.toolName}` : tool.type,
      toolCallId: tool.toolCallId,
      state: tool.state,
      input: tool.input ?? tool.rawInput,
      ...(tool.state === "output-available" ? { output: tool.output } : {}),
      ...(tool.state === "output-error" ? { errorText: tool.errorText } : {}),
    },
  ];
}

/** Consecutive deltas of one part merged into one (as runChat's DeltaCoalescer may merge them). */
export function merged(chunks: readonly UIMessageChunk[]): UIMessageChunk[] {
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
    else if (
      (chunk.type === "text-delta" || chunk.type === "reasoning-delta") &&
      chunk.delta === "" &&
      chunk.providerMetadata == null
    )
      // An empty delta adds nothing (the coalescer drops it).
      continue;
    else out.push(chunk);
  }
  return out;
}

/** Ids the SDK makes up for a reused part id are random: compared as one placeholder. */
export const sameIds = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replace(/"aitxt-[A-Za-z0-9-]+"/g, '"aitxt-generated"')) as T;

const errorText = (error: unknown) => (error === null ? null : toolErrorText(error));

export interface Run {
  /** The chunks written (runChat) or sent (the SDK), error chunks aside, deltas merged. */
  chunks: UIMessageChunk[];
  /** The error the call ended with, as toUIMessageStream words it (null: none). */
  failure: string | null;
  /** What was saved (runChat's turn) or what the SDK's UI message holds, as saved parts. */
  saved: { text: string; reasoning: string; parts: unknown[] | null };
  /** Every call to the model (its abort signal as whether it is the caller's). */
  calls: unknown[];
  /** Every tool execution: [tool, input, options]. */
  executions: unknown[][];
}

export interface Setup {
  system: string;
  messages: ModelMessage[];
  /** The tools, recording each execution into `record` (none: a call without tools). */
  tools?: (record: unknown[][]) => ToolSet;
}

function plain(chunks: readonly UIMessageChunk[], type: "text-delta" | "reasoning-delta") {
  return chunks.map((c) => (c.type === type ? c.delta : "")).join("");
}

/** The script through the AI SDK's streamText(...).toUIMessageStream(). */
export async function viaSdk(setup: Setup, script: Script): Promise<Run> {
  const controller = new AbortController();
  const model = modelFor(script, (n) => {
    if (n === script.abortAfter) controller.abort(new Error("stopped"));
  });
  const executions: unknown[][] = [];
  const tools = setup.tools?.(executions);
  const hasTools = tools !== undefined;
  const sent: UIMessageChunk[] = [];
  let failure: unknown = null;
  const result = streamText({
    model,
    system: setup.system,
    messages: setup.messages,
    ...(hasTools ? { tools } : {}),
    stopWhen: stepCountIs(script.maxSteps ?? (hasTools ? 5 : 1)),
    abortSignal: controller.signal,
    onError: () => undefined,
  });
  const stream = result.toUIMessageStream({
    sendReasoning: true,
    sendStart: false,
    sendFinish: false,
    onError: toolErrorText,
  });
  try {
    for await (const chunk of stream) sent.push(chunk);
  } catch (error) {
    failure = error;
  }
  const failed = sent.filter((c) => c.type === "error").at(-1);
  const chunks = sent.filter((c) => c.type !== "error");
  // The SDK's own reading of its chunks: the UI message a client would build.
  let message: UIMessage | undefined;
  let refused = false;
  const replay = new ReadableStream<UIMessageChunk>({
    start(c) {
      c.enqueue({ type: "start" });
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
  try {
    for await (const m of readUIMessageStream({
      stream: replay,
      onError: () => {
        refused = true;
      },
    }))
      message = m;
  } catch {
    // The SDK's reader refuses the chunks (a delta of a part never started): nothing to compare.
    refused = true;
  }
  return {
    chunks: sameIds(merged(chunks)),
    failure: failed?.type === "error" ? failed.errorText : errorText(failure),
    saved: {
      text: plain(chunks, "text-delta"),
      reasoning: plain(chunks, "reasoning-delta"),
      parts: refused ? null : sameIds((message?.parts ?? []).flatMap(savedPartOf)),
    },
    calls: model.doStreamCalls.map((c) => ({
      ...c,
      abortSignal: c.abortSignal === controller.signal,
    })),
    executions,
  };
}

/** The script through runChat. */
export async function viaRunChat(
  setup: Setup,
  script: Script,
): Promise<Run & { turn: ChatTurn; thrown: unknown }> {
  const controller = new AbortController();
  const model = modelFor(script, (n) => {
    if (n === script.abortAfter) controller.abort(new Error("stopped"));
  });
  const executions: unknown[][] = [];
  const tools = setup.tools?.(executions);
  const written: UIMessageChunk[] = [];
  const turn = new ChatTurn();
  let failure: unknown = null;
  try {
    await runChat({
      model,
      system: setup.system,
      messages: setup.messages,
      ...(tools ? { tools } : {}),
      ...(script.maxSteps !== undefined ? { maxSteps: script.maxSteps } : {}),
      write: (chunk) => written.push(chunk),
      turn,
      signal: controller.signal,
    });
  } catch (error) {
    failure = error;
  }
  // An abort rejects with the signal's reason; the SDK's stream ends with an abort chunk instead.
  const stopped = controller.signal.aborted && failure === controller.signal.reason;
  return {
    chunks: sameIds(merged(written)),
    failure: stopped ? null : errorText(failure),
    saved: sameIds({ text: turn.text, reasoning: turn.reasoning, parts: turn.parts }),
    calls: model.doStreamCalls.map((c) => ({
      ...c,
      abortSignal: c.abortSignal === controller.signal,
    })),
    executions,
    turn,
    thrown: failure,
  };
}
