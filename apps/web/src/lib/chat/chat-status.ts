import type { AnswerRetryStatus } from "@nexus/contracts";

/**
 * The `data-status` retry of a stream chunk's data (the server is retrying the model), else null.
 * Read without zod so that a chat without data-part schemas (the agents') takes it too.
 */
export function retryStatusOf(data: unknown): AnswerRetryStatus | null {
  if (typeof data !== "object" || data === null) return null;
  const { state, attempt, maxAttempts, reason } = data as Record<string, unknown>;
  if (state !== "retrying" || typeof attempt !== "number" || typeof maxAttempts !== "number") {
    return null;
  }
  if (reason !== "busy" && reason !== "error" && reason !== "network") return null;
  return { state, attempt, maxAttempts, reason };
}

const RETRYING: Record<AnswerRetryStatus["reason"], string> = {
  busy: "The model is busy — retrying…",
  error: "The model did not answer — retrying…",
  network: "The model could not be reached — retrying…",
};

/** The status line while the model is retried: "The model is busy — retrying… (attempt 2 of 3)". */
export function retryStatusText(retrying: AnswerRetryStatus): string {
  return `${RETRYING[retrying.reason]} (attempt ${retrying.attempt} of ${retrying.maxAttempts})`;
}
