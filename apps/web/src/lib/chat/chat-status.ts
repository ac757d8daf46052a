import type { AnswerRetryStatus } from "@nexus/contracts";
import { type MessageId, t } from "../i18n/i18n.ts";

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

const RETRYING: Record<AnswerRetryStatus["reason"], MessageId> = {
  busy: "chat.retry.busy",
  error: "chat.retry.error",
  network: "chat.retry.network",
};

/**
 * The status line while the model is retried, in the interface's language: "The model is busy —
 * retrying… (attempt 2 of 3)".
 */
export function retryStatusText(retrying: AnswerRetryStatus): string {
  return t(RETRYING[retrying.reason], { attempt: retrying.attempt, max: retrying.maxAttempts });
}
