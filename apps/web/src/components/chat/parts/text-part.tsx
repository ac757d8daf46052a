import type { ComponentType } from "react";
import type { AnswerMarkdownProps } from "../markdown/answer-markdown.tsx";
import { LazyAnswerMarkdown } from "../markdown/lazy-answer-markdown.tsx";
import type { PartRenderer, PartRendererProps } from "../part-registry.tsx";

/**
 * A text-part renderer drawing with `Markdown` (a chat may add to the shared markdown, as the
 * Python course adds Run buttons): blank text draws nothing.
 */
export function textPartWith(Markdown: ComponentType<AnswerMarkdownProps>): PartRenderer {
  return function TextPartWith({
    part,
    streaming,
    sources,
    headingBase,
  }: PartRendererProps<{ type: "text"; text: string; state?: "streaming" | "done" }>) {
    if (part.text.trim() === "") return null;
    return (
      <Markdown
        markdown={part.text}
        sources={sources}
        streaming={streaming && part.state === "streaming"}
        headingBase={headingBase}
        className="min-w-0 break-words"
      />
    );
  };
}

/** A text part: markdown with [n] citations of the message's sources (blank text draws nothing). */
export const TextPart = textPartWith(LazyAnswerMarkdown);
