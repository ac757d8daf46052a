import type {
  JSONObject,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
  SharedV3Warning,
} from "@ai-sdk/provider";
import { OFFLINE_MODE_LABEL } from "@nexus/contracts";
import { detectLanguage } from "../chat/language-detect.ts";
import { composeAnswer, type OfflineAnswer } from "./extractive-answer.ts";
import { needsModelMessage } from "./needs-model.ts";
import { readOfflinePrompt, WRITING_FOCUS } from "./prompt-format.ts";

export const OFFLINE_PROVIDER = "nexus-offline";
export const OFFLINE_MODEL_ID = "extractive";

/** Words per streamed text delta. */
const WORDS_PER_DELTA = 3;

const STOP: LanguageModelV3FinishReason = { unified: "stop", raw: "stop" };

/** Rough token count (≈ 4 characters a token): the engine has no tokenizer, usage is indicative. */
function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function usageOf(promptText: string, answer: string): LanguageModelV3Usage {
  const input = approxTokens(promptText);
  const output = approxTokens(answer);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function promptText(options: LanguageModelV3CallOptions): string {
  return options.prompt
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : m.content.map((p) => (p.type === "text" ? p.text : "")).join("\n"),
    )
    .join("\n");
}

function warningsOf(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  return options.tools && options.tools.length > 0
    ? [{ type: "unsupported", feature: "tools", details: "The offline engine calls no tools." }]
    : [];
}

/** Splits text into word deltas whose concatenation is exactly the text. */
export function textDeltas(text: string, wordsPerDelta = WORDS_PER_DELTA): string[] {
  const pieces = text.match(/\s*\S+\s*/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerDelta)
    deltas.push(pieces.slice(i, i + wordsPerDelta).join(""));
  return deltas;
}

/** The answer for a call: declines writing focus, otherwise quotes the prompt's sources. */
export function answerFor(options: LanguageModelV3CallOptions): OfflineAnswer {
  const prompt = readOfflinePrompt(options.prompt);
  if (prompt.focusMode === WRITING_FOCUS)
    return {
      kind: "needs-model",
      reason: "writing",
      text: needsModelMessage("writing", undefined, detectLanguage(prompt.question)),
    };
  return composeAnswer({ question: prompt.question, sources: prompt.sources });
}

function metadataOf(answer: OfflineAnswer): Record<string, JSONObject> {
  return {
    [OFFLINE_PROVIDER]: {
      label: OFFLINE_MODE_LABEL,
      mode: answer.kind,
      reason: answer.kind === "needs-model" ? answer.reason : null,
    },
  };
}

/**
 * The built-in offline engine as an AI SDK language model (LanguageModelV3): `streamText` and
 * `generateText` use it like any provider. It answers extractively from the numbered sources of
 * the prompt (see prompt-format.ts) and never generates text of its own.
 */
export class OfflineLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = OFFLINE_PROVIDER;
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]> = {};

  constructor(options: { modelId?: string } = {}) {
    this.modelId = options.modelId ?? OFFLINE_MODEL_ID;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const answer = answerFor(options);
    return {
      content: [{ type: "text", text: answer.text }],
      finishReason: STOP,
      usage: usageOf(promptText(options), answer.text),
      providerMetadata: metadataOf(answer),
      response: { modelId: this.modelId, timestamp: new Date() },
      warnings: warningsOf(options),
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    options.abortSignal?.throwIfAborted();
    const answer = answerFor(options);
    const id = "text-0";
    const parts: LanguageModelV3StreamPart[] = [
      { type: "stream-start", warnings: warningsOf(options) },
      { type: "response-metadata", modelId: this.modelId, timestamp: new Date() },
      { type: "text-start", id },
      ...textDeltas(answer.text).map((delta) => ({ type: "text-delta" as const, id, delta })),
      { type: "text-end", id },
      {
        type: "finish",
        finishReason: STOP,
        usage: usageOf(promptText(options), answer.text),
        providerMetadata: metadataOf(answer),
      },
    ];
    const signal = options.abortSignal;
    let next = 0;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      pull(controller) {
        if (signal?.aborted) {
          controller.error(signal.reason);
          return;
        }
        const part = parts[next++];
        if (part) controller.enqueue(part);
        if (next >= parts.length) controller.close();
      },
    });
    return { stream };
  }
}

export function createOfflineModel(options: { modelId?: string } = {}): OfflineLanguageModel {
  return new OfflineLanguageModel(options);
}
