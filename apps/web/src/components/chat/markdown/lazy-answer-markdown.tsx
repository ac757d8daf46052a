import { clsx } from "clsx";
import { Suspense } from "react";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type { AnswerMarkdownProps } from "./answer-markdown.tsx";

const Loaded = lazyComponent(() => import("./answer-markdown.tsx").then((m) => m.AnswerMarkdown));

/**
 * The answer renderer, downloaded on first use (keeps the /app shell small). Meanwhile the text is
 * shown as it is (React escapes it: plain text, never markup), in the same place and typography.
 */
export function LazyAnswerMarkdown(props: AnswerMarkdownProps) {
  return (
    <Suspense fallback={<AnswerPlainText markdown={props.markdown} className={props.className} />}>
      <Loaded {...props} />
    </Suspense>
  );
}

/** An answer's text as it is, before the renderer has loaded (also the server's first view). */
export function AnswerPlainText({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div
      data-testid="answer-markdown-fallback"
      className={clsx("whitespace-pre-wrap break-words leading-relaxed", className)}
    >
      {markdown}
    </div>
  );
}
