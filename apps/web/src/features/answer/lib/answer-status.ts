import type { AnswerRetryStatus } from "@nexus/contracts";
import type { ChatStatus } from "ai";
import { retryStatusText } from "@/lib/chat/chat-status.ts";
import type { AnswerContent } from "./answer-message.ts";

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
    return retryStatusText(retrying);
  }
  if (!content || (!content.hasSources && !content.hasText && content.reasoning === "")) {
    return "Searching…";
  }
  if (content.hasText) return "Writing…";
  if (content.reasoning !== "") return "Thinking…";
  return "Reading sources…";
}
