import { CornerDownRight } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

/** Follow-up questions: one click asks it in the same thread. */
export function RelatedQuestions({
  questions,
  onAsk,
  disabled,
  heading: Heading = "h2",
}: {
  questions: readonly string[];
  onAsk: (question: string) => void;
  disabled: boolean;
  /** One level below the turn's question (h1 for the first turn, h2 after). */
  heading?: "h2" | "h3";
}) {
  const t = useT();
  if (questions.length === 0) return null;
  return (
    <section aria-label={t("answer.related")} data-testid="related-questions">
      <Heading className="text-sm font-semibold text-fg">{t("answer.related")}</Heading>
      <ul className="mt-2 divide-y divide-border border-y border-border">
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="flex w-full items-center gap-2 px-1 py-2.5 text-left text-sm text-fg transition-colors hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
            >
              <CornerDownRight
                className="size-4 shrink-0 text-subtle rtl:-scale-x-100"
                aria-hidden="true"
              />
              <bdi className="min-w-0 break-words">{question}</bdi>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
