import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { ModelMessage, TextStreamPart, ToolSet } from "ai";
// The helpers streamText itself uses (a published subpath of the pinned `ai` package).
import {
  convertToLanguageModelPrompt,
  prepareCallSettings,
  prepareRetries,
  prepareToolsAndToolChoice,
  standardizePrompt,
} from "ai/internal";
import { idReserver, PartOut } from "./part-out.ts";
import { readModelStep, type StepEnd } from "./step-reader.ts";
import { toResponseMessages } from "./tool-step.ts";

/**
 * A model call read straight from the model's own stream, every step of it: the parts
 * streamText's `fullStream` would give (start-step … finish-step, ids, provider metadata, tool
 * calls, results and errors, an abort, a stream without output, the next step after tool
 * results), without streamText's dozen web-stream stages per part (about half of an answer's CPU
 * time; bench answer-profile). The prompt, call settings, retries and tools are prepared by the
 * AI SDK's own helpers; a step's parts are read in step-reader.ts, its tool calls parsed and run
 * and the next step's messages built in tool-step.ts. run-chat.test.ts (no tools) and
 * run-chat-tools.test.ts (tools) hold it equal to streamText.
 */

type Part = TextStreamPart<ToolSet>;

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

export interface ModelStepsOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  /** The call's tools (undefined or none: one step, a tool call the model makes is invalid). */
  tools?: ToolSet | undefined;
  /** Steps at most (streamText's stopWhen: stepCountIs(maxSteps)). */
  maxSteps: number;
  signal: AbortSignal;
  /** Each part fullStream would give, in order (a failure as an `error` part). */
  emit: (part: Part) => void;
}

/**
 * Streams a model call into `emit`, step after step while the model calls tools that all give a
 * result and fewer than `maxSteps` steps were made. Resolves when the call is over (also after a
 * model error or an abort, which `emit` hears of); rejects when the model's stream itself breaks,
 * as streamText's stream would.
 */
export async function streamModelSteps(options: ModelStepsOptions): Promise<void> {
  const { model, signal } = options;
  const tools =
    options.tools !== undefined && Object.keys(options.tools).length > 0
      ? options.tools
      : undefined;
  const out = new PartOut(signal, options.emit);
  const { retry } = prepareRetries({ maxRetries: undefined, abortSignal: signal });
  const settings = prepareCallSettings({});
  const responseMessages: ModelMessage[] = [];
  const ids = { text: idReserver(), reasoning: idReserver() };
  let prompt: Awaited<ReturnType<typeof standardizePrompt>>;
  try {
    prompt = await standardPrompt(options.system, options.messages);
  } catch (error) {
    out.send({ type: "error", error });
    return;
  }
  for (let step = 1; ; step++) {
    const messages = [...prompt.messages, ...responseMessages];
    let stream: ReadableStream<LanguageModelV3StreamPart>;
    let request: unknown;
    try {
      const modelPrompt = await convertToLanguageModelPrompt({
        prompt: { system: prompt.system, messages },
        supportedUrls: await model.supportedUrls,
        download: undefined,
        abortSignal: signal,
      });
      const prepared = await prepareToolsAndToolChoice({
        tools,
        toolChoice: undefined,
        activeTools: undefined,
      });
      ({ stream, request } = await retry(() =>
        model.doStream({
          ...settings,
          tools: prepared.tools,
          toolChoice: prepared.toolChoice,
          responseFormat: undefined,
          prompt: modelPrompt,
          providerOptions: undefined,
          abortSignal: signal,
          headers: undefined,
          includeRawChunks: false,
        }),
      ));
    } catch (error) {
      out.send({ type: "error", error });
      return;
    }
    const end: StepEnd | null = await readModelStep({
      stream,
      request,
      tools,
      messages,
      signal,
      out,
      ids,
    });
    if (end === null) return;
    const calls = end.calls.filter((call) => call.providerExecuted !== true);
    const outputs = end.outputs.filter((output) => output.providerExecuted !== true);
    if (calls.length > 0 && outputs.length === calls.length && step !== options.maxSteps) {
      responseMessages.push(...(await toResponseMessages(end.content, tools)));
      continue;
    }
    out.send({
      type: "finish",
      finishReason: end.finishReason,
      rawFinishReason: end.rawFinishReason,
    } as Part);
    return;
  }
}
