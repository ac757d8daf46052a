import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import {
  type ModelMessage,
  NoOutputGeneratedError,
  NoSuchToolError,
  type TextStreamPart,
  type ToolSet,
} from "ai";
// The helpers streamText itself uses (a published subpath of the pinned `ai` package).
import {
  convertToLanguageModelPrompt,
  prepareCallSettings,
  prepareRetries,
  standardizePrompt,
} from "ai/internal";

/**
 * One model step without tools, read straight from the model's own stream: the parts streamText's
 * `fullStream` would give for it (start-step … finish-step, ids, the text's provider metadata, an
 * abort, a stream without output), without streamText's dozen stream stages per token (about
 * half of an answer's CPU time; bench answer-profile). The prompt, call settings and retries are
 * prepared by the AI SDK's own helpers. Multi-step calls and tools stay with streamText
 * (run-chat.ts); run-chat.test.ts holds the two paths equal.
 */

type Part = TextStreamPart<ToolSet>;

/** What the caller hears: each part in order, and the model's failure (an `error` part). */
export interface StepSink {
  part: (part: Part) => void;
  error: (error: unknown) => void;
}

const OUTPUT = new Set<LanguageModelV3StreamPart["type"]>([
  "file",
  "source",
  "text-start",
  "text-end",
  "text-delta",
  "reasoning-start",
  "reasoning-end",
  "reasoning-delta",
  "tool-input-start",
  "tool-input-end",
  "tool-input-delta",
  "tool-approval-request",
  "tool-call",
  "tool-result",
]);

/** The AI SDK's getErrorMessage (an abort part's reason). */
function errorMessage(error: unknown): string {
  if (error == null) return "unknown error";
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

const isAbortError = (error: unknown) =>
  error instanceof Error &&
  (error.name === "AbortError" ||
    error.name === "ResponseAborted" ||
    error.name === "TimeoutError");

const base64 = (data: string | Uint8Array) =>
  typeof data === "string" ? data : Buffer.from(data).toString("base64");

/** Part ids as streamText reserves them: an id used before in the step gets a fresh one. */
function idReserver(prefix: string): (id: string) => string {
  const used = new Set<string>();
  return (id) => {
    let unique = id;
    while (used.has(unique)) unique = `${prefix}-${crypto.randomUUID().replaceAll("-", "")}`;
    used.add(unique);
    return unique;
  };
}

/**
 * The prompt as standardizePrompt returns it (the system text and the messages as given: it only
 * checks them). When every message is a user's or an assistant's text (what our chats send), the
 * check cannot fail and warns of nothing, so it is skipped: it builds a zod array schema and walks
 * the model-message union for every call (~0.3 ms). Anything else goes through the SDK's check.
 */
async function standardPrompt(system: string, messages: ModelMessage[]) {
  const plainText =
    messages.length > 0 &&
    messages.every(
      (m) =>
        (m.role === "user" || m.role === "assistant") &&
        typeof m.content === "string" &&
        m.providerOptions === undefined,
    );
  return plainText ? { system, messages } : standardizePrompt({ system, messages });
}

/** The input of a tool call the model made although it was given no tools (as the SDK shows it). */
function toolInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/**
 * Streams one tool-less model step into `sink`. Resolves when the step is over (also after a
 * model error, which `sink.error` hears of, and after an abort, which ends with an `abort` part);
 * rejects when the model's stream itself breaks, as streamText's stream would.
 */
export async function streamModelStep(options: {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  sink: StepSink;
}): Promise<void> {
  const { model, signal, sink } = options;
  const abortPart = () => {
    sink.part(
      (signal.reason !== undefined
        ? { type: "abort", reason: errorMessage(signal.reason) }
        : { type: "abort" }) as Part,
    );
  };
  let stream: ReadableStream<LanguageModelV3StreamPart>;
  try {
    const standard = await standardPrompt(options.system, options.messages);
    const prompt = await convertToLanguageModelPrompt({
      prompt: standard,
      supportedUrls: await model.supportedUrls,
      download: undefined,
      abortSignal: signal,
    });
    const { retry } = prepareRetries({ maxRetries: undefined, abortSignal: signal });
    const settings = prepareCallSettings({});
    ({ stream } = await retry(() =>
      model.doStream({
        ...settings,
        tools: undefined,
        toolChoice: undefined,
        responseFormat: undefined,
        prompt,
        providerOptions: undefined,
        abortSignal: signal,
        headers: undefined,
        includeRawChunks: false,
      }),
    ));
  } catch (error) {
    if (signal.aborted) return abortPart();
    return sink.error(error);
  }

  const textId = idReserver("aitxt");
  const reasoningId = idReserver("aitxt"); // the SDK's one id generator for both
  const textIds = new Map<string, string>();
  const reasoningIds = new Map<string, string>();
  // streamText's text output stage: the first text part's deltas carry the latest metadata seen.
  let firstTextId: string | undefined;
  let textMetadata: Extract<Part, { type: "text-delta" }>["providerMetadata"];
  let started = false;
  let terminal = false;
  let output = false;
  const reader = stream.getReader();
  try {
    for (;;) {
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        if (isAbortError(error) && signal.aborted) return abortPart();
        throw error;
      }
      if (read.done) break;
      if (signal.aborted) return abortPart();
      const part = read.value;
      if (part.type === "stream-start") continue;
      if (!started) {
        started = true;
        sink.part({ type: "start-step", request: {}, warnings: [] } as Part);
      }
      if (OUTPUT.has(part.type)) output = true;
      switch (part.type) {
        case "text-start": {
          const id = textId(part.id);
          textIds.set(part.id, id);
          firstTextId ??= id;
          sink.part({ ...part, id });
          break;
        }
        case "text-end": {
          const id = textIds.get(part.id) ?? part.id;
          firstTextId ??= id;
          sink.part({ ...part, id });
          textIds.delete(part.id);
          break;
        }
        case "text-delta": {
          const id = textIds.get(part.id) ?? part.id;
          firstTextId ??= id;
          if (id === firstTextId) {
            textMetadata = part.providerMetadata ?? textMetadata;
            if (part.delta.length === 0 && part.providerMetadata == null) break;
            sink.part({ type: "text-delta", id, text: part.delta, providerMetadata: textMetadata });
          } else if (part.delta.length > 0 || part.providerMetadata != null) {
            sink.part({ type: "text-delta", id, text: part.delta, ...meta(part) });
          }
          break;
        }
        case "reasoning-start": {
          const id = reasoningId(part.id);
          reasoningIds.set(part.id, id);
          sink.part({ ...part, id });
          break;
        }
        case "reasoning-end":
          sink.part({ ...part, id: reasoningIds.get(part.id) ?? part.id });
          reasoningIds.delete(part.id);
          break;
        case "reasoning-delta":
          sink.part({
            type: "reasoning-delta",
            id: reasoningIds.get(part.id) ?? part.id,
            text: part.delta,
            ...meta(part),
          });
          break;
        case "file":
          sink.part({
            type: "file",
            file: { mediaType: part.mediaType, base64: base64(part.data) },
            ...meta(part),
          } as Part);
          break;
        case "tool-input-start":
          sink.part({ ...part, dynamic: part.dynamic ?? false, title: undefined } as Part);
          break;
        case "tool-input-delta":
        case "tool-input-end":
          sink.part(part as Part);
          break;
        case "tool-call": {
          // Given no tools, the SDK reports the call as invalid, then as failed.
          const error = new NoSuchToolError({ toolName: part.toolName });
          const input = toolInput(part.input);
          const call = { toolCallId: part.toolCallId, toolName: part.toolName, input };
          sink.part({ type: "tool-call", ...call, dynamic: true, invalid: true, error } as Part);
          sink.part({ type: "tool-error", ...call, dynamic: true, error } as Part);
          break;
        }
        case "error":
          terminal = true;
          sink.error(part.error);
          break;
        case "finish":
          terminal = true;
          break;
        default:
          // response-metadata, raw, sources (not sent), tool results/approvals (no tools here).
          break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (!terminal && !output) {
    sink.error(
      new NoOutputGeneratedError({
        message: "No output generated. The model stream ended without a finish chunk.",
      }),
    );
    return;
  }
  sink.part({ type: "finish-step" } as Part);
}

/** The part's provider metadata field, as streamText passes it on (present, maybe undefined). */
function meta(part: { providerMetadata?: unknown }) {
  return { providerMetadata: part.providerMetadata } as { providerMetadata: undefined };
}
