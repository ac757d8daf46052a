import { Suspense } from "react";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type { AnswerMarkdownProps } from "./answer-markdown.tsx";

const Loaded = lazyComponent(() => import("./answer-markdown.tsx").then((m) => m.AnswerMarkdown));

/** The answer renderer, downloaded on first use (keeps the /app shell small); plain text meanwhile. */
export function LazyAnswerMarkdown(props: AnswerMarkdownProps) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap">{props.markdown}</div>}>
      <Loaded {...props} />
    </Suspense>
  );
}
