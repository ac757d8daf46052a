import type { ChatStatus } from "ai";
import type { AnswerContent } from "./answer-message.ts";

/** What the answer is doing now, for the status line (empty when it is done). */
export function answerStatusText(status: ChatStatus, content: AnswerContent | null): string {
  if (status !== "submitted" && status !== "streaming") return "";
  if (!content || (!content.hasSources && !content.hasText && content.reasoning === "")) {
    return "Searching…";
  }
  if (content.hasText) return "Writing…";
  if (content.reasoning !== "") return "Thinking…";
  return "Reading sources…";
}
