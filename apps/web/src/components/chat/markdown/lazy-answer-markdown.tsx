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
    <Suspense
      fallback={
        <div
          data-testid="answer-markdown-fallback"
          className={clsx("whitespace-pre-wrap break-words leading-relaxed", props.className)}
        >
          {props.markdown}
        </div>
      }
    >
      <Loaded {...props} />
    </Suspense>
  );
}
