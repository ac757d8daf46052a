import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  type ImageModelV3,
  type LanguageModelV3,
  type LanguageModelV3Middleware,
} from "@ai-sdk/provider";
import { extractReasoningMiddleware, wrapLanguageModel } from "ai";
import type { Env } from "../env.ts";
import type { Logger } from "../lib/logger.ts";
import { createEmbedder, type Embedder } from "./embeddings.ts";
import { createModelFetch, type ModelFetchOptions } from "./model-fetch.ts";
import { createOfflineModel, OFFLINE_MODEL_ID, OFFLINE_PROVIDER } from "./offline/offline-model.ts";

/** The provider name given to the AI SDK: provider ids read "llm.chat". */
export const LLM_PROVIDER_NAME = "llm";

/** The model of a chat of any kind (answers, agents, …): the configured one or the offline engine. */
export interface ChatModel {
  model: LanguageModelV3;
  /** The model id as configured (LLM_MODEL / LLM_REASONING_MODEL), or the offline engine's. */
  id: string;
  /** True for the built-in offline engine; the UI labels its answers. */
  offline: boolean;
}

/**
 * What the configured models can do (ARCHITECTURE.md §3.1). The offline engine can do none of it:
 * a route that needs one of these says which variable to set instead of starting a broken chat.
 */
export interface ModelCapabilities {
  /** A language model (LLM_BASE_URL + LLM_MODEL) rather than the offline engine. */
  chat: boolean;
  /** Tool calls (agents' web-search, read-url, run-code …). */
  tools: boolean;
  /** JSON output held to a schema (extraction, titles). */
  structuredOutput: boolean;
  /** An image model (IMAGE_MODEL). */
  images: boolean;
  /** An embedding model (EMBEDDING_MODEL): retrieval by meaning as well as by words. */
  embeddings: boolean;
}

export interface ModelDescription {
  provider: "openai-compatible" | "offline";
  configured: boolean;
  /** Origin of the endpoint only: no path credentials or keys. */
  endpoint: string | null;
  model: string;
  reasoningModel: string;
  timeoutMs: number | null;
  capabilities: ModelCapabilities;
}

export interface ModelRegistry {
  /** The chat model of every conversation kind: the default one, or the reasoning one. */
  chatModel: (options: { reasoning: boolean }) => ChatModel;
  capabilities: ModelCapabilities;
  configured: boolean;
  describe: () => ModelDescription;
  /** EMBEDDING_MODEL on the same server (LLM_BASE_URL); null without one. */
  embedder: Embedder | null;
  /** IMAGE_MODEL on the same server (POST /images/generations); null without one. */
  imageModel: ImageModelV3 | null;
}

type ModelEnv = Pick<
  Env,
  | "LLM_BASE_URL"
  | "LLM_API_KEY"
  | "LLM_MODEL"
  | "LLM_REASONING_MODEL"
  | "LLM_TIMEOUT_MS"
  | "EMBEDDING_MODEL"
> &
  Partial<Pick<Env, "IMAGE_MODEL" | "LLM_TOOLS">>;

/** Time an image model may take to answer (it sends nothing before the image is made). */
export const IMAGE_MODEL_TIMEOUT_MS = 60_000;

/**
 * Retries happen in model-fetch.ts, before any token. The AI SDK would retry a retryable
 * APICallError again (maxRetries, default 2), multiplying attempts; this marks errors final.
 */
const finalErrorsMiddleware: LanguageModelV3Middleware = {
  specificationVersion: "v3",
  wrapStream: async ({ doStream }) => {
    try {
      return await doStream();
    } catch (error) {
      throw asFinal(error);
    }
  },
  wrapGenerate: async ({ doGenerate }) => {
    try {
      return await doGenerate();
    } catch (error) {
      throw asFinal(error);
    }
  },
};

function asFinal(error: unknown): unknown {
  if (!APICallError.isInstance(error) || !error.isRetryable) return error;
  return new APICallError({
    message: error.message,
    url: error.url,
    requestBodyValues: error.requestBodyValues,
    statusCode: error.statusCode,
    responseHeaders: error.responseHeaders,
    responseBody: error.responseBody,
    cause: error.cause,
    data: error.data,
    isRetryable: false,
  });
}

function endpointOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * The provider registry (ARCHITECTURE.md §1–2): an OpenAI-compatible chat model when
 * LLM_BASE_URL is set, otherwise the built-in offline engine. Thinking reaches the stream as
 * reasoning parts both from `reasoning_content` / `reasoning` deltas (DeepSeek, vLLM, gpt-oss;
 * handled by the provider) and from <think>…</think> in the text (Ollama, llama.cpp; handled by
 * extractReasoningMiddleware).
 */
export function createModelRegistry(options: {
  env: ModelEnv;
  logger: Logger;
  /** Overrides for the fetch wrapper (tests: shorter backoff). */
  fetchOptions?: Partial<ModelFetchOptions>;
}): ModelRegistry {
  const { env, logger } = options;
  const baseURL = env.LLM_BASE_URL;
  const modelId = env.LLM_MODEL;

  if (!baseURL) {
    const offline: ChatModel = {
      model: createOfflineModel(),
      id: OFFLINE_MODEL_ID,
      offline: true,
    };
    // env.ts rejects EMBEDDING_MODEL without LLM_BASE_URL (there is no server to ask).
    if (env.EMBEDDING_MODEL) throw new Error("EMBEDDING_MODEL needs LLM_BASE_URL");
    if (env.IMAGE_MODEL) throw new Error("IMAGE_MODEL needs LLM_BASE_URL");
    const capabilities: ModelCapabilities = {
      chat: false,
      tools: false,
      structuredOutput: false,
      images: false,
      embeddings: false,
    };
    return {
      configured: false,
      capabilities,
      embedder: null,
      imageModel: null,
      chatModel: () => offline,
      describe: () => ({
        provider: "offline",
        configured: false,
        endpoint: null,
        model: `${OFFLINE_PROVIDER}/${OFFLINE_MODEL_ID}`,
        reasoningModel: `${OFFLINE_PROVIDER}/${OFFLINE_MODEL_ID}`,
        timeoutMs: null,
        capabilities,
      }),
    };
  }

  // env.ts rejects this too; never fall back to the offline engine silently (ARCHITECTURE.md §2).
  if (!modelId) throw new Error("LLM_MODEL is required when LLM_BASE_URL is set");

  const modelFetch = createModelFetch({
    timeoutMs: env.LLM_TIMEOUT_MS,
    logger,
    ...options.fetchOptions,
  });
  const provider = createOpenAICompatible({
    name: LLM_PROVIDER_NAME,
    baseURL,
    apiKey: env.LLM_API_KEY,
    fetch: modelFetch,
    includeUsage: true,
  });
  const build = (id: string): ChatModel => ({
    id,
    offline: false,
    model: wrapLanguageModel({
      model: provider.chatModel(id),
      middleware: [finalErrorsMiddleware, extractReasoningMiddleware({ tagName: "think" })],
    }),
  });
  const main = build(modelId);
  const reasoningId = env.LLM_REASONING_MODEL ?? modelId;
  const reasoning = reasoningId === modelId ? main : build(reasoningId);

  const embeddingId = env.EMBEDDING_MODEL;
  const embedder = embeddingId
    ? createEmbedder({ model: provider.embeddingModel(embeddingId), modelId: embeddingId })
    : null;

  // Its own fetch: an image comes whole after the model made it, so the wait for response headers
  // is the generation time (longer than LLM_TIMEOUT_MS allows a chat model to start).
  const imageId = env.IMAGE_MODEL;
  const imageModel = imageId
    ? createOpenAICompatible({
        name: LLM_PROVIDER_NAME,
        baseURL,
        apiKey: env.LLM_API_KEY,
        fetch: createModelFetch({
          logger,
          ...options.fetchOptions,
          timeoutMs: Math.max(env.LLM_TIMEOUT_MS, IMAGE_MODEL_TIMEOUT_MS),
        }),
      }).imageModel(imageId)
    : null;

  const capabilities: ModelCapabilities = {
    chat: true,
    // LLM_TOOLS=false: a model without function calling (agents then answer without tools).
    tools: env.LLM_TOOLS !== false,
    structuredOutput: true,
    images: imageModel !== null,
    embeddings: embedder !== null,
  };
  const chatModel = (call: { reasoning: boolean }) => (call.reasoning ? reasoning : main);
  return {
    configured: true,
    capabilities,
    embedder,
    imageModel,
    chatModel,
    describe: () => ({
      provider: "openai-compatible",
      configured: true,
      endpoint: endpointOf(baseURL),
      model: modelId,
      reasoningModel: reasoningId,
      timeoutMs: env.LLM_TIMEOUT_MS,
      capabilities,
    }),
  };
}
