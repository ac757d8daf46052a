import { describe, expect, it } from "vitest";
import { markdownExcerpt, truncateText } from "./markdown-excerpt.ts";

describe("markdownExcerpt", () => {
  it("drops markup, citations, code fences and HTML, and collapses whitespace", () => {
    const md =
      "# Title\n\n> quoted **bold** and _it_ [1][2]\n\n- item with [a link](https://x.example/(y)) [3, 4]\n\n```ts\nconst a = 1;\n```\n<b>raw</b> ![img](https://i.example/x.png)";
    expect(markdownExcerpt(md, 500)).toBe(
      "Title. quoted bold and it item with a link. const a = 1; raw img",
    );
  });

  it("reads a table as sentences, one per row, without pipes or the separator row", () => {
    const md =
      "Intro [1].\n\n| Step | What happens |\n| --- | :-: |\n| Search | SearXNG finds pages [1] |\n| Read | The top pages are read. |\n\nAfter.";
    expect(markdownExcerpt(md, 500)).toBe(
      "Intro. Step, What happens. Search, SearXNG finds pages. Read, The top pages are read. After.",
    );
    expect(markdownExcerpt("## Steps\n\n- Search finds pages\n- Read them!\n1. Answer", 100)).toBe(
      "Steps. Search finds pages. Read them! Answer.",
    );
    // A lone pipe in prose is not a table.
    expect(markdownExcerpt("a | b", 50)).toBe("a | b");
  });

  it("cuts at a word boundary with an ellipsis, never past the limit", () => {
    const text = markdownExcerpt("word ".repeat(100), 30);
    expect(text.length).toBeLessThanOrEqual(30);
    expect(text).toBe("word word word word word word…");
    expect(truncateText("short", 30)).toBe("short");
    expect(truncateText("x".repeat(40), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
