import { render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { AnswerPlainText } from "./lazy-answer-markdown.tsx";

// The highlighter is downloaded on the first answer with code (highlight-loader.test.tsx).
beforeAll(() => loadHighlight());
// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

function renderMd(markdown: string) {
  render(<AnswerMarkdown markdown={markdown} sources={[]} />);
  return screen.getByTestId("answer-markdown");
}

const ARABIC = "الطاقة الشمسية مصدر متجدد للطاقة.";
const ENGLISH = "Solar power is a renewable source of energy.";

/** Each block of text reads in its own direction (issue 42 scope 2); code stays left to right. */
describe("AnswerMarkdown: direction per block", () => {
  it("gives an Arabic paragraph and an English one in one answer each dir=auto", () => {
    const root = renderMd(`${ARABIC}\n\n${ENGLISH}`);
    const paragraphs = [...root.querySelectorAll("p")];
    expect(paragraphs.map((p) => [p.textContent, p.getAttribute("dir")])).toEqual([
      [ARABIC, "auto"],
      [ENGLISH, "auto"],
    ]);
  });

  it("gives headings, list items, quotes and table cells dir=auto, and code blocks ltr", () => {
    const root = renderMd(
      [
        "# عنوان",
        "- أولاً",
        "- second",
        `> ${ARABIC}`,
        "| المدينة | City |\n| --- | --- |\n| القاهرة | Cairo |",
        "```python\nprint('مرحبا')\n```",
      ].join("\n\n"),
    );
    const blocks = root.querySelectorAll("h2, li, blockquote, th, td");
    expect(blocks).toHaveLength(8);
    for (const block of blocks) expect(block.getAttribute("dir")).toBe("auto");
    const pre = root.querySelector("pre");
    expect(pre?.getAttribute("dir")).toBe("ltr");
    expect(pre).toHaveTextContent("print('مرحبا')");
    // The code inside is not a block of text of its own direction.
    expect(pre?.querySelector("[dir=auto]")).toBeNull();
  });

  it("names a blocked image in the interface's language", async () => {
    await activateLocale("fr");
    const root = renderMd("![graphique](/api/image?u=https%3A%2F%2Fa.example%2Fx.png&s=forged)");
    expect(root).toHaveTextContent("Image : graphique (bloquée)");
  });

  it("sets each paragraph of the plain text shown while the renderer loads in its own direction", () => {
    render(<AnswerPlainText markdown={`${ARABIC}\n\n${ENGLISH}`} />);
    const fallback = screen.getByTestId("answer-markdown-fallback");
    expect(fallback).toHaveAttribute("dir", "auto");
    expect(fallback.className).toContain("[unicode-bidi:plaintext]");
  });
});
