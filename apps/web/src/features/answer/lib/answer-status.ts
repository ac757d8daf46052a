import type { AnswerRetryStatus } from "@nexus/contracts";
import type { ChatStatus } from "ai";
import { retryStatusText } from "@/lib/chat/chat-status.ts";
import { t } from "@/lib/i18n/i18n.ts";
import type { AnswerContent } from "./answer-message.ts";

/**
 * What the answer is doing now, for the status line, in the interface's language (empty when it
 * is done). While the server
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
    return t("chat.status.searching");
  }
  if (content.hasText) return t("chat.status.writing");
  if (content.reasoning !== "") return t("chat.thinking");
  return t("chat.status.reading");
}
