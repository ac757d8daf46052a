import { RefreshCw } from "lucide-react";
import { QuotaCard } from "@/components/chat/quota-card.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { chatQuotaOf } from "@/lib/chat/chat-fetch.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { RetryQuestion } from "./retry-question.tsx";

/** With these, the card offers the question to edit before trying again, and Delete. */
export interface EditableRetry {
  question: string;
  onRetryWith: (question: string) => void;
  onRemove: () => void;
}

/**
 * Why an answer failed, under what already streamed: the quota card for a used-up limit, else
 * the server's (or the network) message with "Try again".
 */
export function AnswerError({
  error,
  onRetry,
  onSignIn,
  editable,
}: {
  error: Error;
  onRetry: () => void;
  onSignIn: (() => void) | undefined;
  editable?: EditableRetry;
}) {
  const t = useT();
  const quota = chatQuotaOf(error);
  if (quota) return <QuotaCard quota={quota} onSignIn={onSignIn} />;
  const message = error.message.trim() || t("answer.failed");
  if (editable) {
    return (
      <div data-testid="answer-error">
        <Alert kind="error" className="flex-wrap">
          {message}
          <RetryQuestion
            question={editable.question}
            onRetry={onRetry}
            onRetryWith={editable.onRetryWith}
            onRemove={editable.onRemove}
          />
        </Alert>
      </div>
    );
  }
  return (
    <div data-testid="answer-error">
      <Alert
        kind="error"
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t("answer.tryAgain")}
          </Button>
        }
        className="flex-wrap"
      >
        {message}
      </Alert>
    </div>
  );
}
