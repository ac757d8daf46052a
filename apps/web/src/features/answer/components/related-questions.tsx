import { CornerDownRight } from "lucide-react";

/** Follow-up questions: one click asks it in the same thread. */
export function RelatedQuestions({
  questions,
  onAsk,
  disabled,
}: {
  questions: readonly string[];
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  if (questions.length === 0) return null;
  return (
    <section aria-label="Related" data-testid="related-questions">
      <h3 className="text-sm font-semibold text-fg">Related</h3>
      <ul className="mt-2 divide-y divide-border border-y border-border">
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="flex w-full items-center gap-2 px-1 py-2.5 text-left text-sm text-fg transition-colors hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
            >
              <CornerDownRight className="size-4 shrink-0 text-subtle" aria-hidden="true" />
              <span className="min-w-0 break-words">{question}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
