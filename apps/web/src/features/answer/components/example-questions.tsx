import { HOME_EXAMPLE_QUESTIONS } from "@nexus/contracts";
import { ArrowUpRight } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

/** Questions about Nexus itself: the built-in knowledge base answers them well, even offline. */
export const EXAMPLE_QUESTIONS = HOME_EXAMPLE_QUESTIONS;

export function ExampleQuestions({ onAsk }: { onAsk: (question: string) => void }) {
  const t = useT();
  return (
    <section aria-labelledby="examples-heading" className="w-full">
      <h2 id="examples-heading" className="text-sm font-medium text-muted">
        {t("home.tryAsking")}
      </h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {EXAMPLE_QUESTIONS.map((question) => (
          <li key={question} className="flex">
            <button
              type="button"
              data-testid="example-question"
              onClick={() => onAsk(question)}
              className="flex h-full w-full items-center justify-between gap-2 rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-sm text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {/* The built-in knowledge base is English: its questions are too (dir: an English
                  question reads left to right on a right-to-left page). */}
              <span className="min-w-0" dir="auto">
                {question}
              </span>
              <ArrowUpRight className="size-4 shrink-0 text-subtle" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
