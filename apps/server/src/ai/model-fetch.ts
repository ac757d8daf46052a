import type { Logger } from "../lib/logger.ts";
import { FLUSH_MS } from "./chat/model-chunks.ts";
import { isEventStream, mergeModelDeltas } from "./model-stream-merge.ts";
import { createModelTransport } from "./model-transport.ts";

/**
 * The `fetch` given to the AI SDK provider for model calls. Model endpoints are configured by the
 * operator and are often on localhost (Ollama), so they cannot go through the SSRF-restricted
 * integrations/web-fetch.ts; biome.json exempts this one file from the bare-`fetch` rule.
 *
 * - a per-attempt timeout on the time to response headers (the body may then stream for long);
 * - retries with exponential backoff and jitter on 429, 5xx and network errors, only before any
 *   response body is consumed (a failed response's body is discarded unread), honouring
 *   Retry-After up to a cap;
 * - the caller's AbortSignal aborts the upstream request at once, and nothing is retried after it;
 * - a streamed completion's text deltas merged at the source (model-stream-merge.ts).
 */

export type FetchFunction = typeof globalThis.fetch;

export interface ModelFetchOptions {
  /** Time allowed for the response headers of one attempt, in ms. */
  timeoutMs: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** First backoff delay; doubles each retry, with full jitter. */
  baseDelayMs?: number;
  /** Longest wait for one backoff or Retry-After. */
  maxDelayMs?: number;
  logger?: Logger;
  /** The underlying fetch (tests); model-transport.ts's over node:http by default. */
  fetch?: FetchFunction;
  /** 0 ≤ x < 1, for jitter (tests). */
  random?: () => number;
  /**
   * How long a streamed completion's text deltas may be held to be merged (model-stream-merge.ts);
   * 0 passes the stream on untouched. FLUSH_MS by default, the runtime's own merge interval.
   */
  mergeDeltasMs?: number;
}

/** One retry of a model call, as the caller's listener hears of it (before the backoff wait). */
export interface ModelRetry {
  /** The attempt about to be made (2 = the first retry). */
  attempt: number;
  /** Attempts in all. */
  maxAttempts: number;
  /** 429: the model is busy; 5xx/408: it failed; network: it could not be reached. */
  reason: "busy" | "error" | "network";
  status: number | undefined;
}

const retryListeners = new WeakMap<AbortSignal, (retry: ModelRetry) => void>();

/**
 * Who hears of retries of the model calls made with an abort signal (the answer or agent stream,
 * which tells the person). The fetch wrapper is shared by every call of a model, so the listener
 * travels with the call's signal, which the AI SDK hands to fetch as it is: keyed weakly by it,
 * nothing is kept once the chat is over. (Not an AsyncLocalStorage: on Node 20 one makes every
 * promise of the thread pay for async hooks, and a streamed reply makes thousands.)
 */
export const modelRetries = {
  listen(signal: AbortSignal, listener: (retry: ModelRetry) => void): void {
    retryListeners.set(signal, listener);
  },
};

/** The model endpoint sent no response headers in time. */
export class ModelTimeoutError extends Error {
  override readonly name = "ModelTimeoutError";
  readonly timeoutMs: number;
  constructor(options: { timeoutMs: number; url: string }) {
    super(
      `The model server did not respond within ${options.timeoutMs} ms (${options.url}); ` +
        "raise LLM_TIMEOUT_MS if the model is slow to start.",
    );
    this.timeoutMs = options.timeoutMs;
  }
}

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BASE_DELAY_MS = 250;
const DEFAULT_MAX_DELAY_MS = 10_000;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** Delay asked for by Retry-After (seconds or HTTP date) or retry-after-ms, in ms; else undefined. */
export function retryAfterMs(options: { headers: Headers; now?: number }): number | undefined {
  const ms = options.headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)))
    return Math.max(0, Number(ms));
  const value = options.headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - (options.now ?? Date.now()));
}

/** Full-jitter exponential backoff for the given retry (1 = first retry). */
export function backoffMs(options: {
  retry: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (options.retry - 1));
  return Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function sleep(options: { ms: number; signal: AbortSignal | undefined }): Promise<void> {
  const { ms, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal ? abortReason(signal) : undefined);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function urlOf(input: Parameters<FetchFunction>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.toString();
  return input.url;
}

/** Only string-like bodies can be sent again; the AI SDK sends JSON strings. */
function isReplayable(body: RequestInit["body"]): boolean {
  return body === undefined || body === null || typeof body === "string";
}

/** One attempt: resolves with the response once headers arrive, or rejects on timeout or abort. */
async function attempt(options: {
  fetch: FetchFunction;
  input: Parameters<FetchFunction>[0];
  init: RequestInit | undefined;
  timeoutMs: number;
}): Promise<Response> {
  const { input, init, timeoutMs } = options;
  const timeout = new AbortController();
  // Made only when it fires: an Error's stack trace is not free, and nearly every call succeeds.
  let timeoutError: ModelTimeoutError | null = null;
  const timer = setTimeout(() => {
    timeoutError = new ModelTimeoutError({ timeoutMs, url: urlOf(input) });
    timeout.abort(timeoutError);
  }, timeoutMs);
  const callerSignal = init?.signal ?? undefined;
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
  try {
    return await options.fetch(input, { ...init, signal });
  } catch (error) {
    if (timeoutError && !callerSignal?.aborted) throw timeoutError;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the fetch wrapper described above. */
export function createModelFetch(options: ModelFetchOptions): FetchFunction {
  const mergeDeltasMs = options.mergeDeltasMs ?? FLUSH_MS;
  // Our transport merges as it reads the socket; another fetch's body is merged after it.
  const baseFetch = options.fetch ?? createModelTransport({ mergeMs: mergeDeltasMs });
  const merged = (response: Response) =>
    options.fetch &&
    mergeDeltasMs > 0 &&
    response.ok &&
    response.body &&
    isEventStream(response.headers)
      ? new Response(mergeModelDeltas(response.body, { windowMs: mergeDeltasMs }), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        })
      : response;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const random = options.random ?? Math.random;
  const logger = options.logger;

  const modelFetch = async (
    input: Parameters<FetchFunction>[0],
    init?: RequestInit,
  ): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    const attempts = isReplayable(init?.body) ? maxAttempts : 1;
    for (let n = 1; ; n++) {
      if (signal?.aborted) throw abortReason(signal);
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await attempt({ fetch: baseFetch, input, init, timeoutMs: options.timeoutMs });
      } catch (error) {
        // A caller abort or a timeout is final; anything else is a network error.
        if (signal?.aborted || error instanceof ModelTimeoutError) throw error;
        failure = error;
      }
      if (response && !isRetryableStatus(response.status)) return merged(response);
      if (n >= attempts) {
        if (response) return response;
        throw failure;
      }
      const requested = response ? retryAfterMs({ headers: response.headers }) : undefined;
      const delay =
        requested !== undefined
          ? Math.min(requested, maxDelayMs)
          : backoffMs({ retry: n, baseDelayMs, maxDelayMs, random });
      // Discard the failed body unread so the connection is released.
      await response?.body?.cancel().catch(() => undefined);
      logger?.warn(
        {
          url: urlOf(input),
          attempt: n,
          status: response?.status,
          error: failure instanceof Error ? failure.message : undefined,
          delayMs: delay,
        },
        "model call failed, retrying",
      );
      const status = response?.status;
      const reason = status === undefined ? "network" : status === 429 ? "busy" : "error";
      if (signal)
        retryListeners.get(signal)?.({ attempt: n + 1, maxAttempts: attempts, reason, status });
      await sleep({ ms: delay, signal });
    }
  };
  return modelFetch as FetchFunction;
}
