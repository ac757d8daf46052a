import type { LanguageModelV3 } from "@ai-sdk/provider";
import { stepCountIs, streamText, type UIMessageChunk } from "ai";
import type { ModelCall } from "./chat-kinds.ts";
import { DeltaCoalescer, ModelTextGuard, toolErrorText } from "./model-chunks.ts";

/**
 * One model call of any chat (ARCHITECTURE.md §3.1), on the AI SDK's own streamText: its
 * toUIMessageStream() chunks (reasoning, tool parts, text; deltas merged) go out through `write`, and the turn keeps what is saved —
 * the text, the reasoning and the reply's UI-message parts, as far as it got when it fails or is
 * stopped. Each module brings its own system prompt, messages and tools (answers: numbered
 * sources; agents: the agent's prompt and tools) and handles the start, finish and errors of its
 * own stream.
 */

/** A saved reply part (the AI SDK UI-message part shapes, final states only). */
export type SavedPart =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "source-url"; sourceId: string; url: string; title?: string }
  | { type: `data-${string}`; data: unknown }
  | {
      type: `tool-${string}`;
      toolCallId: string;
      state: "input-available" | "output-available" | "output-error";
      input: unknown;
      output?: unknown;
      errorText?: string;
    };

type ToolPart = Extract<SavedPart, { toolCallId: string }>;

/** What a chat turn has produced so far (read it after runChat, also after a failure). */
export class ChatTurn {
  text = "";
  reasoning = "";
  readonly parts: SavedPart[] = [];
  /** Milliseconds from `started` to the first text delta (null: none yet). */
  firstTokenMs: number | null = null;
  toolCalls = 0;
  /**
   * The text each numbered source stood for when the model read it (its page, passage or
   * snippet), by n: what the reply's citations are checked against once it ends (run-turn.ts).
   */
  readonly sourceTexts = new Map<number, string>();
  private open: SavedPart | null = null;
  private readonly tools = new Map<string, ToolPart>();

  constructor(private readonly started = performance.now()) {}

  /** Keeps the text source n stood for (more text for the same source is added to it). */
  sourceText(n: number, text: string): void {
    const known = this.sourceTexts.get(n);
    if (known === undefined) this.sourceTexts.set(n, text);
    else if (!known.includes(text)) this.sourceTexts.set(n, `${known}\n${text}`);
  }

  /** Records one chunk of the reply (the ones that change its saved parts). */
  record(chunk: UIMessageChunk): void {
    switch (chunk.type) {
      case "text-delta":
      case "reasoning-delta": {
        const type = chunk.type === "text-delta" ? "text" : "reasoning";
        if (type === "text") {
          this.firstTokenMs ??= performance.now() - this.started;
          this.text += chunk.delta;
        } else this.reasoning += chunk.delta;
        const open: SavedPart = this.open?.type === type ? this.open : { type, text: "" };
        if (open !== this.open) {
          this.open = open;
          this.parts.push(open);
        }
        (open as { text: string }).text += chunk.delta;
        return;
      }
      case "text-end":
      case "reasoning-end":
        this.open = null;
        return;
      case "source-url":
        this.open = null;
        this.parts.push({
          type: "source-url",
          sourceId: chunk.sourceId,
          url: chunk.url,
          ...(chunk.title !== undefined ? { title: chunk.title } : {}),
        });
        return;
      case "tool-input-available":
      case "tool-input-error": {
        this.open = null;
        this.toolCalls++;
        const part: ToolPart = {
          type: `tool-${chunk.toolName}`,
          toolCallId: chunk.toolCallId,
          state: chunk.type === "tool-input-error" ? "output-error" : "input-available",
          input: chunk.input,
          ...(chunk.type === "tool-input-error" ? { errorText: chunk.errorText } : {}),
        };
        this.tools.set(chunk.toolCallId, part);
        this.parts.push(part);
        return;
      }
      case "tool-output-available": {
        const part = this.tools.get(chunk.toolCallId);
        if (part) Object.assign(part, { state: "output-available", output: chunk.output });
        return;
      }
      case "tool-output-error": {
        const part = this.tools.get(chunk.toolCallId);
        if (part) Object.assign(part, { state: "output-error", errorText: chunk.errorText });
        return;
      }
      default:
        // A data part a kind emits as part of the reply (document chat's data-citations).
        if (chunk.type.startsWith("data-") && !("transient" in chunk && chunk.transient)) {
          this.open = null;
          this.parts.push({
            type: chunk.type as `data-${string}`,
            data: (chunk as { data: unknown }).data,
          });
        }
        return;
    }
  }
}

/** One model call: the kind's choices (ModelCall) and where the reply goes. */
export interface RunChatOptions extends ModelCall {
  model: LanguageModelV3;
  /** Where the reply's chunks go, in order. */
  write: (chunk: UIMessageChunk) => void;
  turn: ChatTurn;
  signal: AbortSignal;
  /** Words a failed tool call for the person (default: the tool's own message). */
  toolError?: (error: unknown) => string;
}

/**
 * Streams one model reply into `write` and `turn`. Resolves when the model is done; rejects with
 * the model's error, or the abort reason when `signal` aborts (what was streamed stays in `turn`).
 *
 * The chunks are toUIMessageStream's with reasoning, without sources (a chat's sources are its
 * own: answers number theirs, agents' tools add them), start or finish (the caller's stream has
 * its own); an `error` chunk is not written: the call rejects with that error instead, and the
 * caller words it.
 */
export async function runChat(options: RunChatOptions): Promise<void> {
  const { turn, signal, tools } = options;
  const hasTools = tools !== undefined && Object.keys(tools).length > 0;
  const word = options.toolError ?? toolErrorText;
  const maxSteps = options.maxSteps ?? (hasTools ? 5 : 1);
  // toUIMessageStream words every error it sends (a failed tool call, an invalid call, a failed
  // model call) through onError, in the order of its chunks: the errors themselves, in that order.
  const errors: unknown[] = [];
  let failure: unknown = null;
  const out = new DeltaCoalescer((chunk) => options.write(chunk));
  // Every delta through the model-text sanitiser first: the saved turn is what was streamed.
  const guard = new ModelTextGuard((chunk) => {
    turn.record(chunk);
    out.push(chunk);
  });
  const result = streamText({
    model: options.model,
    system: options.system,
    messages: options.messages,
    ...(hasTools ? { tools } : {}),
    stopWhen: options.stopWhen ?? stepCountIs(maxSteps),
    ...(options.prepareStep ? { prepareStep: options.prepareStep } : {}),
    ...(options.onStepFinish ? { onStepFinish: options.onStepFinish } : {}),
    abortSignal: signal,
    // Its failures end the turn (thrown below) and are reported by the caller, not printed here.
    onError: () => undefined,
  });
  const reader = result
    .toUIMessageStream({
      sendReasoning: true,
      sendSources: false,
      sendStart: false,
      sendFinish: false,
      onError: (error) => {
        errors.push(error);
        return word(error);
      },
    })
    .getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      if (chunk.type === "error") {
        failure = errors.shift() ?? new Error(chunk.errorText);
        continue;
      }
      if (
        chunk.type === "tool-input-error" ||
        (chunk.type === "tool-output-error" && chunk.providerExecuted !== true)
      )
        errors.shift();
      guard.push(chunk);
    }
  } catch (error) {
    failure = error;
  } finally {
    guard.flush();
    out.flush();
    reader.releaseLock();
  }
  if (signal.aborted) throw signal.reason ?? new Error("aborted");
  if (failure !== null) throw failure;
}
