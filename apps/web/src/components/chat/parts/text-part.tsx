import { LazyAnswerMarkdown } from "../markdown/lazy-answer-markdown.tsx";
import type { PartRendererProps } from "../part-registry.tsx";

/** A text part: markdown with [n] citations of the message's sources (blank text draws nothing). */
export function TextPart({
  part,
  streaming,
  sources,
  headingBase,
}: PartRendererProps<{ type: "text"; text: string; state?: "streaming" | "done" }>) {
  if (part.text.trim() === "") return null;
  return (
    <LazyAnswerMarkdown
      markdown={part.text}
      sources={sources}
      streaming={streaming && part.state === "streaming"}
      headingBase={headingBase}
      className="min-w-0 break-words"
    />
  );
}
