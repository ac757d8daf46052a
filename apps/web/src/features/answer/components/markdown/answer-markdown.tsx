import type { AnswerSource } from "@nexus/contracts";

export interface AnswerMarkdownProps {
  /** The answer (or any user/model markdown), possibly still streaming. */
  markdown: string;
  /** Numbered sources: [n] in the markdown is sources[n - 1]. */
  sources: readonly AnswerSource[];
  /** True while tokens are still arriving (an unfinished code fence or table renders calmly). */
  streaming?: boolean;
  className?: string;
}

/** PLACEHOLDER (replaced by the sanitizing renderer): plain text only. */
export function AnswerMarkdown({ markdown, className }: AnswerMarkdownProps) {
  return <div className={className ?? "whitespace-pre-wrap"}>{markdown}</div>;
}
