import type { AnswerRetryStatus } from "@nexus/contracts";
import type { ChatStatus } from "ai";
import type { AnswerContent } from "./answer-message.ts";

const RETRYING: Record<AnswerRetryStatus["reason"], string> = {
  busy: "The model is busy — retrying…",
  error: "The model did not answer — retrying…",
  network: "The model could not be reached — retrying…",
};

/**
 * What the answer is doing now, for the status line (empty when it is done). While the server
 * retries the model (data-status) and no text has arrived, that is what it says.
 */
export function answerStatusText(
  status: ChatStatus,
  content: AnswerContent | null,
  retrying: AnswerRetryStatus | null = null,
): string {
  if (status !== "submitted" && status !== "streaming") return "";
  if (retrying && !content?.hasText) {
    return `${RETRYING[retrying.reason]} (attempt ${retrying.attempt} of ${retrying.maxAttempts})`;
  }
  if (!content || (!content.hasSources && !content.hasText && content.reasoning === "")) {
    return "Searching…";
  }
  if (content.hasText) return "Writing…";
  if (content.reasoning !== "") return "Thinking…";
  return "Reading sources…";
}
