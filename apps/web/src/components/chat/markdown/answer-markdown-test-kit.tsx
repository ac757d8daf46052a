import type { AnswerSource } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import { AnswerMarkdown } from "./answer-markdown.tsx";

/** The answer renderer's tests (answer-markdown*.test.tsx): three sources, one of them hostile. */
export const SOURCES: AnswerSource[] = [
  {
    title: "First source",
    url: "https://one.example/article",
    domain: "one.example",
    favicon: "/api/image?u=https%3A%2F%2Fone.example%2Ffavicon.ico&s=abcdefghijklmnopqrstuv",
    snippet: "The first snippet.",
  },
  {
    title: "Second source",
    url: "https://two.example/page",
    domain: "two.example",
    favicon: null,
    snippet: "The second snippet.",
  },
  {
    title: "Third source",
    url: "javascript:alert(1)",
    domain: "three.example",
    favicon: "javascript:alert(2)",
    snippet: "Unsafe URL.",
  },
];

export function renderMd(
  markdown: string,
  sources: readonly AnswerSource[] = SOURCES,
  streaming = false,
) {
  render(<AnswerMarkdown markdown={markdown} sources={sources} streaming={streaming} />);
  return screen.getByTestId("answer-markdown");
}

export function chips(root: HTMLElement): string[] {
  return [...root.querySelectorAll("[data-citation]")].map(
    (el) => el.getAttribute("data-citation") ?? "",
  );
}
