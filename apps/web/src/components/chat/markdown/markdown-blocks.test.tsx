import type { AnswerSource } from "@nexus/contracts";
import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerMarkdown, MarkdownBlock } from "./answer-markdown.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { rehypeHighlightSubset } from "./highlight-plugin.ts";
import { katexPlugin } from "./katex-plugin.ts";
import { highestHeading, markdownBlocks } from "./markdown-blocks.ts";
import { loadMath } from "./math-loader.ts";
import { SourcesContext } from "./sources-context.ts";

// KaTeX is downloaded on the first answer with math; the blocks are compared with it in.
beforeAll(() => Promise.all([loadMath(), loadHighlight()]));

const SOURCES: AnswerSource[] = [1, 2, 3].map((n) => ({
  title: `Source ${n}`,
  url: `https://s${n}.example/a`,
  domain: `s${n}.example`,
  favicon: null,
  snippet: "",
}));

/** Answers of the shapes models write: each must render the same split into blocks or whole. */
const SAMPLES: Record<string, string> = {
  paragraphs: "The moon pulls the sea [1].\n\nTides repeat twice a day [2][3].\n\nThat is all.",
  headings:
    "### Why\n\nThe moon [1].\n\n#### Details\n\nGravity.\n\nSetext title\n---\n\nMore text.",
  fencedCodeWithBlankLines:
    "Run this:\n\n```js\nconst a = 1;\n\n\nconsole.log(a);\n```\n\nDone [1].",
  tildeFence: "~~~\n# not a heading\n\n- not a list\n~~~\n\nAfter.",
  mathBlock: "Energy:\n\n$$\nE = mc^2\n\n+ 0\n$$\n\nInline $a^2$ too.",
  looseList: "Steps:\n\n1. First\n\n2. Second\n\n   continued\n\n3. Third\n\nAfter the list.",
  bulletsAndQuote: "- a\n- b\n\n- c\n\n> quoted\n>\n> more\n\n> again\n\nEnd.",
  table: "| a | b |\n| - | - |\n| 1 | 2 |\n\n| c |\n| - |\n| 3 |\n\nText [2].",
  nestedIndented: "- item\n\n    indented code in item\n\nNext paragraph.",
  html: "<div>\n\ninline html stays text\n\n</div>\n\nDone.",
  thematicBreak: "Above\n\n---\n\nBelow",
  streamingOpenFence: "Partial answer:\n\n```py\nprint(1)\n\nprint(2)",
};

const html = (node: HTMLElement) => node.innerHTML.replace(/>\s+</g, "><").trim();

function whole(markdown: string): string {
  const { container } = render(
    <div className="answer-markdown">
      <SourcesContext.Provider value={SOURCES}>
        <MarkdownBlock
          markdown={markdown}
          sourceCount={SOURCES.length}
          headingBase={2}
          headingFrom={null}
          math={katexPlugin}
          highlight={rehypeHighlightSubset}
        />
      </SourcesContext.Provider>
    </div>,
  );
  return html(container.firstElementChild as HTMLElement);
}

function split(markdown: string): string {
  const { getByTestId } = render(<AnswerMarkdown markdown={markdown} sources={SOURCES} />);
  return html(getByTestId("answer-markdown"));
}

describe("markdownBlocks", () => {
  it.each(Object.entries(SAMPLES))("renders %s exactly as the whole text does", (_, markdown) => {
    expect(split(markdown)).toBe(whole(markdown));
  });

  it("splits at paragraphs, keeps fenced code, math and lists in one block each", () => {
    expect(markdownBlocks(SAMPLES.paragraphs ?? "")).toHaveLength(3);
    expect(markdownBlocks(SAMPLES.fencedCodeWithBlankLines ?? "")).toEqual([
      "Run this:",
      "```js\nconst a = 1;\n\n\nconsole.log(a);\n```",
      "Done [1].",
    ]);
    expect(markdownBlocks(SAMPLES.mathBlock ?? "")).toHaveLength(3);
    // Never split before a line that may continue a list: the list stays with what precedes it.
    expect(markdownBlocks(SAMPLES.looseList ?? "")).toEqual([
      "Steps:\n\n1. First\n\n2. Second\n\n   continued\n\n3. Third",
      "After the list.",
    ]);
  });

  it("keeps text with reference definitions or footnotes whole", () => {
    const refs = "See [the docs][d].\n\nMore.\n\n[d]: https://docs.example";
    expect(markdownBlocks(refs)).toEqual([refs]);
    const notes = "A claim.[^1]\n\nMore.\n\n[^1]: The note.";
    expect(markdownBlocks(notes)).toEqual([notes]);
  });

  it("finds the answer's highest heading outside code", () => {
    expect(highestHeading("### a\n\n#### b")).toBe(3);
    expect(highestHeading("```\n# no\n```\n\n## yes")).toBe(2);
    expect(highestHeading("Title\n===\n\n## b")).toBe(1);
    expect(highestHeading("text\n\n---\n\nmore")).toBeNull();
    expect(highestHeading("- item\n---")).toBeNull();
  });
});
