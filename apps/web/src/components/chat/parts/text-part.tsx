import { withoutUnsupported } from "@nexus/contracts";
import { type ComponentType, useMemo } from "react";
import { useHideUnsupported } from "@/lib/chat/citation-preference.ts";
import type { AnswerMarkdownProps } from "../markdown/answer-markdown.tsx";
import { LazyAnswerMarkdown } from "../markdown/lazy-answer-markdown.tsx";
import { CitationChecksContext, useCitationChecks } from "../markdown/sources-context.ts";
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
    const checks = useCitationChecks();
    const hide = useHideUnsupported();
    // The setting "hide unsupported sentences": a checked reply without its unsupported ones.
    const shown = useMemo(
      () =>
        hide && checks && checks.length > 0
          ? withoutUnsupported(part.text, checks, sources.length)
          : null,
      [hide, checks, part.text, sources.length],
    );
    if (part.text.trim() === "") return null;
    const markdown = (
      <Markdown
        markdown={shown?.text ?? part.text}
        sources={sources}
        streaming={streaming && part.state === "streaming"}
        headingBase={headingBase}
        className="min-w-0 break-words"
      />
    );
    if (!shown) return markdown;
    return (
      <CitationChecksContext value={shown.checks}>
        {markdown}
        {shown.hidden > 0 ? (
          <p data-testid="hidden-unsupported" className="text-xs text-subtle">
            {shown.hidden === 1
              ? "1 sentence its source does not support is hidden (Settings)."
              : `${shown.hidden} sentences their sources do not support are hidden (Settings).`}
          </p>
        ) : null}
      </CitationChecksContext>
    );
  };
}

/** A text part: markdown with [n] citations of the message's sources (blank text draws nothing). */
export const TextPart = textPartWith(LazyAnswerMarkdown);
