import { clsx } from "clsx";
import { Suspense } from "react";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type { AnswerMarkdownProps } from "./answer-markdown.tsx";

const Loaded = lazyComponent(() => import("./answer-markdown.tsx").then((m) => m.AnswerMarkdown));

/**
 * The answer renderer, downloaded on first use (keeps the /app shell small). Meanwhile the text is
 * shown as it is (React escapes it: plain text, never markup), in the same place and typography.
 */
export function LazyAnswerMarkdown({
  plainText,
  ...props
}: AnswerMarkdownProps & {
  /** What the fallback shows, when the markdown holds more than its reader should see. */
  plainText?: string;
}) {
  const fallback = plainText ?? props.markdown;
  return (
    <Suspense fallback={<AnswerPlainText markdown={fallback} className={props.className} />}>
      <Loaded {...props} />
    </Suspense>
  );
}

/** An answer's text as it is, before the renderer has loaded (also the server's first view). */
export function AnswerPlainText({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div
      data-testid="answer-markdown-fallback"
      // Each paragraph of the plain text in its own direction, as the rendered answer's blocks
      // (dir="auto" each): an English answer in the Arabic interface stays left to right.
      dir="auto"
      className={clsx(
        "whitespace-pre-wrap break-words leading-relaxed [unicode-bidi:plaintext]",
        className,
      )}
    >
      {markdown}
    </div>
  );
}
