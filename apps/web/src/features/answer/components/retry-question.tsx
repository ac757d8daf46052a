import { RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * Under a failed answer: the question, editable, and "Try again" (the same question regenerates;
 * an edited one replaces the failed turn), and "Delete" to take the failed turn off the page.
 */
export function RetryQuestion({
  question,
  onRetry,
  onRetryWith,
  onRemove,
}: {
  question: string;
  onRetry: () => void;
  onRetryWith: (question: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [text, setText] = useState(question);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edited = text.trim();
    if (edited === "") return;
    if (edited === question.trim()) onRetry();
    else onRetryWith(edited);
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={id} className="sr-only">
        {t("answer.retryQuestion")}
      </label>
      <input
        id={id}
        data-testid="retry-question"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={4000}
        className="h-9 min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <div className="flex gap-2">
        <Button type="submit" variant="outline" size="sm" disabled={text.trim() === ""}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t("answer.tryAgain")}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t("answer.delete")}
        </Button>
      </div>
    </form>
  );
}
