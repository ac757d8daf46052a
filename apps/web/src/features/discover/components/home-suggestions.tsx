import { discoverQuestion } from "@nexus/contracts";
import { ArrowUpRight, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useDiscover } from "../api/get-discover.ts";

/** Questions shown at once, and how long before the next ones (paused on hover and focus). */
const SHOWN = 4;
const ROTATE_MS = 12_000;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

function Questions({
  questions,
  onAsk,
}: {
  questions: readonly string[];
  onAsk: (question: string) => void;
}) {
  const t = useT();
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(false);
  const pages = Math.ceil(questions.length / SHOWN);
  const next = () => setStart((value) => (value + SHOWN) % (pages * SHOWN));
  useEffect(() => {
    if (paused || pages < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(
      () => setStart((value) => (value + SHOWN) % (pages * SHOWN)),
      ROTATE_MS,
    );
    return () => window.clearInterval(timer);
  }, [paused, pages]);
  const shown = questions.slice(start, start + SHOWN);

  return (
    <section
      aria-labelledby="news-suggestions-heading"
      className="w-full"
      data-testid="news-suggestions"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="news-suggestions-heading" className="text-sm font-medium text-muted">
          {t("home.inTheNews")}
        </h2>
        {pages > 1 ? (
          <button
            type="button"
            onClick={next}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <RefreshCw className="size-3.5" aria-hidden="true" />
            {t("home.moreIdeas")}
          </button>
        ) : null}
      </div>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2" aria-live="off">
        {shown.map((question) => (
          <li key={question} className="flex">
            <button
              type="button"
              data-testid="news-suggestion"
              onClick={() => onAsk(question)}
              className="flex h-full w-full items-center justify-between gap-2 rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-sm text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="line-clamp-2 min-w-0">{question}</span>
              <ArrowUpRight className="size-4 shrink-0 text-subtle" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The home screen's suggestions: with a web search provider, questions about the day's stories
 * (the discover feed's "world" topic), a few at a time, rotating; without one (or when the feed
 * fails), `offline`: what the built-in engine can answer.
 */
export function HomeSuggestions({
  onAsk,
  offline,
}: {
  onAsk: (question: string) => void;
  offline: ReactNode;
}) {
  const feed = useDiscover("world");
  if (feed.isPending) {
    return (
      <div className="grid w-full gap-2 sm:grid-cols-2" aria-hidden="true">
        {Array.from({ length: SHOWN }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} className="h-11 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (feed.isError || feed.data.offline || feed.data.items.length === 0) return offline;
  const questions = [
    ...new Set(feed.data.items.map((item, i) => discoverQuestion(item, false, i))),
  ];
  return <Questions questions={questions} onAsk={onAsk} />;
}
