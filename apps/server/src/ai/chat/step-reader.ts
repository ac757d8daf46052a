import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import {
  type FinishReason,
  type ModelMessage,
  NoOutputGeneratedError,
  type TextStreamPart,
  ToolCallNotFoundForApprovalError,
  type ToolSet,
} from "ai";
import { base64, isAbortError, OUTPUT, type PartIds, type PartOut } from "./part-out.ts";
import {
  executeToolCall,
  invalidCallError,
  parseToolCall,
  type StepContent,
  type ToolCallPart,
  type ToolOutputPart,
} from "./tool-step.ts";

/**
 * One model step read from the model's stream: what streamText's stages make of each part
 * (node_modules/ai/dist/index.mjs: runToolsTransformation, the step transform of streamText's
 * streamStep, its text output stage and its event processor), in the same order — start-step,
 * part ids made unique, the first text part's deltas with the latest provider metadata, tool
 * calls parsed (an invalid one followed by its tool error), the calls run once the model has
 * finished (their results in the order they end), then finish-step — and the step's content, for
 * the next step's messages.
 */

type Part = TextStreamPart<ToolSet>;
type ModelFinish = Extract<LanguageModelV3StreamPart, { type: "finish" }>;

/** How a step ended (null from readModelStep: the call is over, by an abort or without output). */
export interface StepEnd {
  calls: ToolCallPart[];
  outputs: ToolOutputPart[];
  content: StepContent[];
  finishReason: FinishReason;
  rawFinishReason: string | undefined;
}

type Open = { type: "text" | "reasoning"; text: string; providerMetadata: unknown };

/**
 * Reads one step into `out`. Resolves with how it ended, or null when the call is over (stopped,
 * or no output: the NoOutputGeneratedError has been sent); rejects when the stream breaks.
 */
export async function readModelStep(options: {
  stream: ReadableStream<LanguageModelV3StreamPart>;
  request: unknown;
  tools: ToolSet | undefined;
  /** The messages the step was called with (what tools are given). */
  messages: ModelMessage[];
  signal: AbortSignal;
  out: PartOut;
  ids: PartIds;
}): Promise<StepEnd | null> {
  const { tools, messages, signal, out, ids } = options;
  const toolOptions = { messages, abortSignal: signal, experimental_context: undefined };
  const end: StepEnd = {
    calls: [],
    outputs: [],
    content: [],
    finishReason: "other",
    rawFinishReason: undefined,
  };
  const textIds = new Map<string, string>();
  const reasoningIds = new Map<string, string>();
  const openText = new Map<string, Open>();
  const openReasoning = new Map<string, Open>();
  const callsById = new Map<string, ToolCallPart>();
  const inputNames = new Map<string, string>();
  const waiting: ToolCallPart[] = [];
  let finish: ModelFinish | undefined;
  // The calls running, and the wait for them (over when all have ended or the call is stopped).
  let running = 0;
  let ended: () => void = () => undefined;
  const allEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  // The text output stage: the step's first text part's deltas carry the latest metadata seen.
  let firstTextId: string | undefined;
  let textMetadata: Extract<Part, { type: "text-delta" }>["providerMetadata"];
  let warnings: unknown[] | undefined;
  let started = false;
  let terminal = false;
  let output = false;

  /** The event processor: the part goes out, and the step's content records it. */
  const send = (part: Part): boolean => {
    if (!out.send(part)) return false;
    switch (part.type) {
      case "text-start":
      case "reasoning-start": {
        const open: Open = {
          type: part.type === "text-start" ? "text" : "reasoning",
          text: "",
          providerMetadata: part.providerMetadata,
        };
        (part.type === "text-start" ? openText : openReasoning).set(part.id, open);
        end.content.push(open);
        return true;
      }
      case "text-delta":
      case "reasoning-delta":
      case "text-end":
      case "reasoning-end": {
        const isText = part.type === "text-delta" || part.type === "text-end";
        const open = (isText ? openText : openReasoning).get(part.id);
        if (!open) {
          // Sent with the part (streamText's last stage adds it after the abort check).
          const kind = isText ? "text" : "reasoning";
          return out.force({ type: "error", error: `${kind} part ${part.id} not found` });
        }
        if ("text" in part) open.text += part.text;
        open.providerMetadata = part.providerMetadata ?? open.providerMetadata;
        if (part.type === "text-end") openText.delete(part.id);
        else if (part.type === "reasoning-end") openReasoning.delete(part.id);
        return true;
      }
      case "file":
      case "source":
      case "tool-call":
      case "tool-error":
      case "tool-approval-request":
        end.content.push(part as StepContent);
        return true;
      case "tool-result":
        if (!part.preliminary) end.content.push(part);
        return true;
      default:
        return true;
    }
  };

  /** The step transform, for a part of the model's stream or of the tool results. */
  const step = (
    part: Exclude<LanguageModelV3StreamPart, { type: "finish" }> | Part | ModelFinish,
  ): boolean => {
    if (part.type === "stream-start") {
      warnings = part.warnings;
      return true;
    }
    if (!started) {
      started = true;
      const request = options.request ?? {};
      if (!send({ type: "start-step", request, warnings: warnings ?? [] } as Part)) return false;
    }
    if (OUTPUT.has(part.type)) output = true;
    switch (part.type) {
      case "text-start": {
        const id = ids.text(part.id);
        textIds.set(part.id, id);
        firstTextId ??= id;
        return send({ ...part, id });
      }
      case "text-end": {
        const id = textIds.get(part.id) ?? part.id;
        textIds.delete(part.id);
        firstTextId ??= id;
        return send({ ...part, id });
      }
      case "text-delta": {
        if (!("delta" in part)) return true;
        if (part.delta.length === 0 && part.providerMetadata == null) return true;
        const id = textIds.get(part.id) ?? part.id;
        firstTextId ??= id;
        if (id !== firstTextId)
          return send({
            type: "text-delta",
            id,
            text: part.delta,
            providerMetadata: part.providerMetadata,
          });
        textMetadata = part.providerMetadata ?? textMetadata;
        if (part.delta.length === 0)
          return send({
            type: "text-delta",
            id,
            text: "",
            providerMetadata: part.providerMetadata,
          });
        return send({ type: "text-delta", id, text: part.delta, providerMetadata: textMetadata });
      }
      case "reasoning-start": {
        const id = ids.reasoning(part.id);
        reasoningIds.set(part.id, id);
        return send({ ...part, id });
      }
      case "reasoning-end": {
        const id = reasoningIds.get(part.id) ?? part.id;
        reasoningIds.delete(part.id);
        return send({ ...part, id });
      }
      case "reasoning-delta":
        if (!("delta" in part)) return true;
        return send({
          type: "reasoning-delta",
          id: reasoningIds.get(part.id) ?? part.id,
          text: part.delta,
          providerMetadata: part.providerMetadata,
        });
      case "tool-call":
        end.calls.push(part as ToolCallPart);
        return send(part as Part);
      case "tool-result":
        if (!(part as Part & { preliminary?: boolean }).preliminary)
          end.outputs.push(part as ToolOutputPart);
        return send(part as Part);
      case "tool-error":
        end.outputs.push(part);
        return send(part);
      case "tool-input-start": {
        const tool = tools?.[part.toolName];
        return send({
          ...part,
          dynamic: part.dynamic ?? tool?.type === "dynamic",
          title: tool?.title,
        } as Part);
      }
      case "error":
        terminal = true;
        end.finishReason = "error";
        return send(part);
      case "finish":
        // The model's finish, passed on after the tool results.
        terminal = true;
        end.finishReason = (part as ModelFinish).finishReason.unified;
        end.rawFinishReason = (part as ModelFinish).finishReason.raw;
        return true;
      case "response-metadata":
      case "raw":
        return true;
      default:
        return send(part as Part);
    }
  };

  /** A tool's result (or error) as it ends, through the step transform. */
  const runCall = (call: ToolCallPart) => {
    running++;
    executeToolCall(call, tools, toolOptions, step)
      .then((result) => {
        if (result) step(result);
      })
      .catch((error: unknown) => {
        step({ type: "error", error });
      })
      .finally(() => {
        running--;
        if (running === 0 || out.stopped) ended();
      });
  };

  const reader = options.stream.getReader();
  try {
    for (;;) {
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        if (isAbortError(error) && signal.aborted) {
          out.abort();
          return null;
        }
        throw error;
      }
      if (read.done || out.stopped) break;
      const part = read.value;
      switch (part.type) {
        case "file":
          step({
            type: "file",
            file: { mediaType: part.mediaType, base64: base64(part.data) },
            ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}),
          } as Part);
          break;
        case "tool-input-start":
          inputNames.set(part.id, part.toolName);
          await tools?.[part.toolName]?.onInputStart?.({ toolCallId: part.id, ...toolOptions });
          step(part);
          break;
        case "tool-input-delta": {
          const name = inputNames.get(part.id);
          if (name !== undefined)
            await tools?.[name]?.onInputDelta?.({
              inputTextDelta: part.delta,
              toolCallId: part.id,
              ...toolOptions,
            });
          step(part);
          break;
        }
        case "tool-input-end":
          inputNames.delete(part.id);
          step(part);
          break;
        case "tool-call":
          try {
            const call = await parseToolCall(part, tools);
            callsById.set(call.toolCallId, call);
            step({ ...call });
            if (call.invalid) {
              if (!call.providerExecuted) step(invalidCallError(call));
              break;
            }
            const tool = tools?.[call.toolName];
            if (tool == null) break;
            await tool.onInputAvailable?.({
              input: call.input,
              toolCallId: call.toolCallId,
              ...toolOptions,
            });
            if (tool.execute != null && call.providerExecuted !== true) waiting.push(call);
          } catch (error) {
            step({ type: "error", error });
          }
          break;
        case "tool-result": {
          // A result of a call the provider ran.
          const call = callsById.get(part.toolCallId);
          const fields = {
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: call?.input,
            providerExecuted: true,
            dynamic: part.dynamic,
            ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}),
            ...(call?.toolMetadata != null ? { toolMetadata: call.toolMetadata } : {}),
          };
          step(
            (part.isError
              ? { type: "tool-error", ...fields, error: part.result }
              : { type: "tool-result", ...fields, output: part.result }) as Part,
          );
          break;
        }
        case "tool-approval-request": {
          const call = callsById.get(part.toolCallId);
          step(
            call
              ? ({
                  type: "tool-approval-request",
                  approvalId: part.approvalId,
                  toolCall: call,
                } as Part)
              : {
                  type: "error",
                  error: new ToolCallNotFoundForApprovalError({
                    toolCallId: part.toolCallId,
                    approvalId: part.approvalId,
                  }),
                },
          );
          break;
        }
        case "finish": {
          finish = part;
          // Tools run once the model has finished, and only when it stopped or called tools.
          const calls = waiting.splice(0);
          const reason = part.finishReason.unified;
          if (reason === "stop" || reason === "tool-calls") for (const call of calls) runCall(call);
          break;
        }
        default:
          step(part);
          break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (running > 0 && !out.stopped) await allEnded;
  if (finish && !out.stopped) step(finish);
  if (out.stopped) return null;
  if (!terminal && !output) {
    out.send({
      type: "error",
      error: new NoOutputGeneratedError({
        message: "No output generated. The model stream ended without a finish chunk.",
      }),
    });
    return null;
  }
  if (!send({ type: "finish-step" } as Part)) return null;
  return end;
}
