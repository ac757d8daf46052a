import { APICallError } from "@ai-sdk/provider";
import { SearchUnavailableError } from "../../integrations/search/search-http.ts";
import { ModelTimeoutError } from "../model-fetch.ts";

/** The error or one of its causes (the AI SDK wraps fetch failures). */
function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (match(current)) return current;
    current = current instanceof Error ? current.cause : null;
  }
  return null;
}

const isModelTimeout = (e: unknown): e is ModelTimeoutError => e instanceof ModelTimeoutError;
const isTimeout = (e: unknown): e is Error =>
  e instanceof Error && (e.name === "TimeoutError" || /timed? ?out|timeout/i.test(e.message));

/** The message the error part shows for a failed answer (no internals). */
export function failureMessage(options: { error: unknown; streamed: boolean }): string {
  const { error, streamed } = options;
  if (error instanceof SearchUnavailableError)
    return error.failure === "timeout"
      ? `${error.message} Try again in a moment.`
      : `Web search is unavailable right now, so there are no sources to answer from. ${error.message} Try again in a moment.`;
  const modelTimeout = findCause(error, isModelTimeout);
  if (modelTimeout)
    return `The language model did not respond within ${Math.round(modelTimeout.timeoutMs / 1000)} s. Try again in a moment.`;
  if (findCause(error, isTimeout)) return "The answer timed out. Try again in a moment.";
  if (streamed)
    return "The language model stopped answering midway; what arrived is kept. Try again.";
  if (APICallError.isInstance(error))
    return `The language model did not answer${error.statusCode ? ` (HTTP ${error.statusCode})` : ""}. Try again in a moment.`;
  return "The language model did not answer. Try again in a moment.";
}
