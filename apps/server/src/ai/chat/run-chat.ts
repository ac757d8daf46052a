import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type ModelMessage,
  type StopCondition,
  stepCountIs,
  streamText,
  type TextStreamPart,
  type ToolSet,
  type UIMessageChunk,
} from "ai";
import { DeltaCoalescer, modelPartToChunk, toolErrorText } from "./model-chunks.ts";
import { streamModelSteps } from "./model-step.ts";
import { directToolsSupported } from "./tool-step.ts";

/**
 * One model call of any chat (ARCHITECTURE.md §3.1): the model's parts go out as UI-message
 * chunks (tool parts included, deltas merged) through `write`, and the turn keeps what is saved —
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
  private open: SavedPart | null = null;
  private readonly tools = new Map<string, ToolPart>();

  constructor(private readonly started = performance.now()) {}

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
        return;
    }
  }
}

export interface RunChatOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Model steps at most (a tool call and its result take one); default 1 without tools, 5 with. */
  maxSteps?: number;
  /** Where the reply's chunks go, in order. */
  write: (chunk: UIMessageChunk) => void;
  turn: ChatTurn;
  signal: AbortSignal;
  /** Words a failed tool call for the person (default: the tool's own message). */
  toolError?: (error: unknown) => string;
  /**
   * How the model is read: "direct" (default) straight from its stream, step after step
   * (model-step.ts; tools that need approval or provider tools still go through streamText),
   * "sdk" through the AI SDK's streamText (run-chat.test.ts and run-chat-tools.test.ts compare).
   */
  engine?: "direct" | "sdk";
}

/**
 * Streams one model reply into `write` and `turn`. Resolves when the model is done; rejects with
 * the model's error, or the abort reason when `signal` aborts (what was streamed stays in `turn`).
 */
export async function runChat(options: RunChatOptions): Promise<void> {
  const { turn, signal, tools } = options;
  const hasTools = tools !== undefined && Object.keys(tools).length > 0;
  const onError = options.toolError ?? toolErrorText;
  let failure: unknown = null;
  const out = new DeltaCoalescer((chunk) => options.write(chunk));
  const handle = (part: TextStreamPart<ToolSet>) => {
    const chunk = modelPartToChunk(part, tools, onError);
    if (!chunk) return;
    turn.record(chunk);
    out.push(chunk);
  };
  const maxSteps = options.maxSteps ?? (hasTools ? 5 : 1);
  if (options.engine !== "sdk" && directToolsSupported(tools, options.messages)) {
    try {
      await streamModelSteps({
        model: options.model,
        system: options.system,
        messages: options.messages,
        tools: hasTools ? tools : undefined,
        maxSteps,
        signal,
        emit: (part) => {
          if (part.type === "error") failure = part.error;
          else handle(part);
        },
      });
    } catch (error) {
      failure = error;
    } finally {
      out.flush();
    }
  } else {
    const stopWhen: StopCondition<ToolSet> = stepCountIs(maxSteps);
    const result = streamText({
      model: options.model,
      system: options.system,
      messages: options.messages,
      ...(hasTools ? { tools, stopWhen } : {}),
      abortSignal: signal,
      // Its failures end the turn (thrown below) and are reported by the caller, not printed here.
      onError: () => undefined,
    });
    const reader = result.fullStream.getReader();
    try {
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) break;
        if (part.type === "error") failure = part.error;
        else handle(part);
      }
    } catch (error) {
      failure = error;
    } finally {
      out.flush();
      reader.releaseLock();
    }
  }
  if (signal.aborted) throw signal.reason ?? new Error("aborted");
  if (failure !== null) throw failure;
}
