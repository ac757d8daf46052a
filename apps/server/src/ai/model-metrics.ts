import type {
  LanguageModelV3,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { wrapLanguageModel } from "ai";
import { type Metrics, secondsSince } from "../lib/metrics.ts";
import type { ChatModel, ModelRegistry } from "./models.ts";

/**
 * The model registry with every chat-model call measured (lib/metrics.ts): latency to the first
 * streamed part (or the whole answer of a call that does not stream), failures, and the tokens the
 * provider reports, labelled with the provider kind ("openai-compatible", "offline").
 */
export function withModelMetrics(models: ModelRegistry, metrics: Metrics): ModelRegistry {
  const provider = models.describe().provider;
  const wrapped = new WeakMap<ChatModel, ChatModel>();
  return {
    ...models,
    chatModel: (options) => {
      const base = models.chatModel(options);
      let model = wrapped.get(base);
      if (!model) {
        model = { ...base, model: measured(base.model, provider, metrics) };
        wrapped.set(base, model);
      }
      return model;
    },
  };
}

function measured(model: LanguageModelV3, provider: string, metrics: Metrics): LanguageModelV3 {
  const fail = () => metrics.record({ type: "model", provider, seconds: 0, ok: false });
  const tokens = (usage: LanguageModelV3Usage) =>
    metrics.record({
      type: "tokens",
      provider,
      input: usage.inputTokens.total ?? 0,
      output: usage.outputTokens.total ?? 0,
    });
  const middleware: LanguageModelV3Middleware = {
    specificationVersion: "v3",
    wrapGenerate: async ({ doGenerate }) => {
      const start = performance.now();
      try {
        const result = await doGenerate();
        metrics.record({ type: "model", provider, seconds: secondsSince(start), ok: true });
        tokens(result.usage);
        return result;
      } catch (error) {
        fail();
        throw error;
      }
    },
    wrapStream: async ({ doStream }) => {
      const start = performance.now();
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        fail();
        throw error;
      }
      let started = false;
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === "error") fail();
            else if (part.type === "finish") tokens(part.usage);
            else if (!started && part.type !== "stream-start" && part.type !== "raw") {
              started = true;
              metrics.record({ type: "model", provider, seconds: secondsSince(start), ok: true });
            }
            controller.enqueue(part);
          },
        }),
      );
      return { ...result, stream };
    },
  };
  return wrapLanguageModel({ model, middleware });
}
