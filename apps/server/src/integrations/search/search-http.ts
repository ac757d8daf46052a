import type { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { FetchPage } from "../web-fetch.ts";
import { WebFetchError } from "../web-fetch-error.ts";

/**
 * How a web search provider talks to its API: through web-fetch (SSRF rules, size and time
 * limits), the answer zod-validated, every failure a SearchUnavailableError naming the provider.
 * No retry and no fallback to another provider (ARCHITECTURE.md §2).
 */

export type SearchFailure =
  | "timeout"
  | "http_error"
  | "auth"
  | "rate_limited"
  | "unreachable"
  | "bad_response"
  | "aborted";

/** A configured search provider failed; the message names it and says how. */
export class SearchUnavailableError extends AppError {
  constructor(
    readonly provider: string,
    readonly failure: SearchFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super("unavailable", message, {
      details: { provider, failure, ...(upstreamStatus ? { upstreamStatus } : {}) },
    });
    this.name = "SearchUnavailableError";
  }
}

export interface WebFetchClient {
  fetchPage: FetchPage;
}

function fromFetchError(options: { provider: string; error: WebFetchError }) {
  const { provider, error } = options;
  const status = error.detail.status;
  switch (error.reason) {
    case "timeout":
      return new SearchUnavailableError(
        provider,
        "timeout",
        `${provider} did not answer in time (${error.detail.why ?? "time limit"}).`,
      );
    case "aborted":
      return new SearchUnavailableError(
        provider,
        "aborted",
        `The ${provider} search was cancelled.`,
      );
    case "http_error":
      if (status === 401 || status === 403)
        return new SearchUnavailableError(
          provider,
          "auth",
          `${provider} refused the request: check the API key (HTTP ${status}).`,
          status,
        );
      if (status === 429)
        return new SearchUnavailableError(
          provider,
          "rate_limited",
          `${provider} is rate-limiting requests (HTTP 429).`,
          status,
        );
      return new SearchUnavailableError(
        provider,
        "http_error",
        `${provider} did not answer (HTTP ${status ?? "error"}).`,
        status,
      );
    default:
      return new SearchUnavailableError(
        provider,
        "unreachable",
        `${provider} could not be reached (${error.reason}).`,
      );
  }
}

/** One JSON request to a provider's API; the parsed, validated answer or a typed failure. */
export async function fetchProviderJson<T>(options: {
  webFetch: WebFetchClient;
  provider: string;
  url: string;
  schema: z.ZodType<T>;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  allowAddresses?: string[];
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<T> {
  const { provider } = options;
  let text: string;
  try {
    const page = await options.webFetch.fetchPage({
      url: options.url,
      accept: "application/json",
      maxBytes: 4 * 1024 * 1024,
      ...(options.method ? { method: options.method } : {}),
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      ...(options.allowAddresses ? { allowAddresses: options.allowAddresses } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    text = page.body.toString("utf8");
  } catch (error) {
    if (error instanceof WebFetchError) throw fromFetchError({ provider, error });
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SearchUnavailableError(
      provider,
      "bad_response",
      `${provider} returned invalid JSON.`,
    );
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new SearchUnavailableError(
      provider,
      "bad_response",
      `${provider} returned an unexpected response.`,
    );
  return parsed.data;
}
