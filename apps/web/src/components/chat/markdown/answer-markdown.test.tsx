import type { AnswerSource } from "@nexus/contracts";
import { act, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { chips, renderMd, SOURCES } from "./answer-markdown-test-kit.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { loadMath } from "./math-loader.ts";

// KaTeX and the highlighter are downloaded on the first answer with math or code
// (math-loader.test.tsx, highlight-loader.test.tsx); here they are in.
beforeAll(() => Promise.all([loadMath(), loadHighlight()]));

describe("AnswerMarkdown: markdown features", () => {
  it("puts className on the root", () => {
    render(<AnswerMarkdown markdown="hi" sources={[]} className="custom-root" />);
    expect(screen.getByTestId("answer-markdown")).toHaveClass("custom-root");
  });

  it("renders headings, lists, blockquotes, emphasis and strikethrough", () => {
    const root = renderMd("# Title\n\n- a\n- b\n\n1. one\n2. two\n\n> quoted\n\n**bold** ~~gone~~");
    // Below the question's h1, the answer's highest heading is an h2.
    expect(root.querySelector("h1")).toBeNull();
    expect(root.querySelector("h2")).toHaveTextContent("Title");
    expect(root.querySelectorAll("ul > li")).toHaveLength(2);
    expect(root.querySelectorAll("ol > li")).toHaveLength(2);
    expect(root.querySelector("blockquote")).toHaveTextContent("quoted");
    expect(root.querySelector("strong")).toHaveTextContent("bold");
    expect(root.querySelector("del")).toHaveTextContent("gone");
  });

  it("moves the answer's headings under its question's, keeping their distances, at most h6", () => {
    const levels = (root: HTMLElement) =>
      [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.tagName.toLowerCase());
    const markdown = "### Overview\n\n#### Detail\n\n### Next\n\n###### Deepest";
    expect(levels(renderMd(markdown))).toEqual(["h2", "h3", "h2", "h5"]);
    const { container } = render(
      <AnswerMarkdown markdown={`# Top\n\n${markdown}`} sources={[]} headingBase={3} />,
    );
    expect(levels(container)).toEqual(["h3", "h5", "h6", "h5", "h6"]);
  });

  it("wraps tables in a horizontally scrollable container", () => {
    const root = renderMd("| a | b |\n|---|---|\n| 1 | 2 |");
    const wrap = root.querySelector("[data-table-wrap]");
    expect(wrap).toHaveClass("overflow-x-auto");
    expect(wrap?.querySelector("table th")).toHaveTextContent("a");
    expect(wrap?.querySelector("table td")).toHaveTextContent("1");
  });

  it("turns <br> in table cells into line breaks", () => {
    const root = renderMd("| a |\n|---|\n| x<br>y |");
    expect(root.querySelector("td br")).not.toBeNull();
    expect(root.querySelector("td")?.textContent).toBe("x\ny");
    expect(root).not.toHaveTextContent("<br>");
  });

  it("renders task lists as disabled checkboxes", () => {
    const root = renderMd("- [x] done\n- [ ] todo");
    const boxes = root.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    expect(boxes).toHaveLength(2);
    expect(boxes[0]?.checked).toBe(true);
    expect(boxes[1]?.checked).toBe(false);
    expect(boxes[0]?.disabled).toBe(true);
  });

  it("autolinks bare URLs", () => {
    const root = renderMd("see https://example.com/x and www.example.org");
    const hrefs = [...root.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["https://example.com/x", "http://www.example.org/"]);
  });

  it("highlights fenced code of a registered language and adds a copy button", () => {
    const root = renderMd("```ts\nconst x: number = 1;\n```");
    const code = root.querySelector("pre code");
    expect(code).toHaveClass("hljs");
    expect(code?.querySelector(".hljs-keyword")).toHaveTextContent("const");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeInTheDocument();
    expect(root).toHaveTextContent("ts");
  });

  it("leaves unknown languages plain", () => {
    const root = renderMd("```brainfuck\n+++.\n```");
    expect(root.querySelector("pre code")).not.toHaveClass("hljs");
    expect(root.querySelector("pre code")).toHaveTextContent("+++.");
  });

  it("renders inline and display math with KaTeX", () => {
    const root = renderMd("Inline $x^2$ and\n\n$$\n\\frac{a}{b}\n$$");
    expect(root.querySelectorAll(".katex").length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector(".katex-display")).not.toBeNull();
  });

  it("does not let KaTeX produce links or trusted commands", () => {
    const root = renderMd("$\\href{javascript:alert(1)}{x}$ $\\url{https://evil.example}$");
    expect(root.querySelector("a")).toBeNull();
  });

  it("keeps money amounts as text, not math", () => {
    const root = renderMd("It costs $5 and $10 per month.");
    expect(root.querySelector(".katex")).toBeNull();
    expect(root).toHaveTextContent("It costs $5 and $10 per month.");
  });

  it("renders an unfinished stream without throwing", () => {
    for (const partial of [
      "```py\ndef f(",
      "| a | b |\n|---",
      "see [text](http://exa",
      "$$\n\\frac{1}{",
      "$x^",
      "**bold",
      "[1",
      "![img](https://evil.exa",
    ]) {
      const { unmount } = render(<AnswerMarkdown markdown={partial} sources={SOURCES} streaming />);
      expect(screen.getByTestId("answer-markdown")).toBeInTheDocument();
      unmount();
    }
  });
});

describe("AnswerMarkdown: citations", () => {
  it("turns [n] into a chip linking to the source", () => {
    const root = renderMd("Fact [1].");
    const chip = root.querySelector<HTMLAnchorElement>("a[data-citation='1']");
    expect(chip).not.toBeNull();
    expect(chip?.getAttribute("href")).toBe("https://one.example/article");
    expect(chip?.getAttribute("target")).toBe("_blank");
    expect(chip?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(chip).toHaveAttribute("aria-label", "Source 1: First source");
    expect(chip).toHaveTextContent("1");
    expect(root).toHaveTextContent("Fact 1");
  });

  it("links a local source (a page of this Nexus) on this origin only", () => {
    const local: AnswerSource[] = [
      {
        title: "Connecting a language model",
        url: "/blog/connecting-a-model#the-three-variables",
        domain: "Nexus help",
        favicon: null,
        snippet: "Set LLM_BASE_URL.",
      },
      {
        title: "Sneaky",
        url: "//evil.example/x",
        domain: "evil.example",
        favicon: null,
        snippet: "",
      },
    ];
    const root = renderMd("Local [1]. Foreign [2].", local);
    const chip = root.querySelector<HTMLAnchorElement>("a[data-citation='1']");
    expect(chip?.getAttribute("href")).toBe(
      `${window.location.origin}/blog/connecting-a-model#the-three-variables`,
    );
    expect(root.querySelector("a[data-citation='2']")).toBeNull();
    expect(root.querySelector("button[data-citation='2']")).not.toBeNull();
    act(() => chip?.focus());
    const cardId = chip?.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(cardId)).toHaveTextContent("Nexus guide");
  });

  it("shows a preview card described by the chip while it has the keyboard focus", () => {
    const root = renderMd("Fact [1].");
    const chip = root.querySelector<HTMLElement>("[data-citation='1']");
    expect(chip).not.toHaveAttribute("aria-describedby");
    expect(document.querySelector("[role='tooltip']")).toBeNull();
    act(() => chip?.focus());
    const cardId = chip?.getAttribute("aria-describedby") ?? "";
    const card = document.getElementById(cardId);
    expect(card).toHaveTextContent("First source");
    expect(card).toHaveTextContent("one.example");
    expect(card).toHaveTextContent("The first snippet.");
    const favicon = card?.querySelector("img");
    expect(favicon?.getAttribute("src")).toBe(SOURCES[0]?.favicon);
    expect(favicon?.getAttribute("referrerpolicy")).toBe("no-referrer");
    // Escape closes it (WCAG 1.4.13) without moving the focus; it stays closed while focused.
    act(() => {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(document.querySelector("[role='tooltip']")).toBeNull();
    expect(chip).toHaveFocus();
    expect(chip).not.toHaveAttribute("aria-describedby");
  });

  it("never loads a favicon from another origin: the preview shows the site's letter instead", () => {
    const sources = [{ ...SOURCES[0], favicon: "https://one.example/favicon.ico" } as AnswerSource];
    const root = renderMd("Fact [1].", sources);
    const chip = root.querySelector<HTMLElement>("[data-citation='1']");
    act(() => chip?.focus());
    const card = document.getElementById(chip?.getAttribute("aria-describedby") ?? "");
    expect(card).toHaveTextContent("First source");
    expect(card?.querySelector("img")).toBeNull();
    expect(card?.querySelector("[data-favicon-tile]")).toHaveTextContent("O");
  });

  it("handles adjacent and grouped citations", () => {
    expect(chips(renderMd("a [1][2] b"))).toEqual(["1", "2"]);
  });

  it.each([
    ["[1, 2]", ["1", "2"]],
    ["[1,2,3]", ["1", "2", "3"]],
    ["[2,  1]", ["2", "1"]],
  ])("grouped %s", (text, expected) => {
    expect(chips(renderMd(`x ${text} y`))).toEqual(expected);
  });

  it("leaves out-of-range numbers (and groups containing them) as text", () => {
    const root = renderMd("a [0] b [4] c [1, 9] d [99]");
    expect(chips(root)).toEqual([]);
    expect(root).toHaveTextContent("a [0] b [4] c [1, 9] d [99]");
  });

  it("leaves [n] as text when there are no sources", () => {
    const root = renderMd("a [1]", []);
    expect(chips(root)).toEqual([]);
    expect(root).toHaveTextContent("a [1]");
  });

  it("does not touch citations in code, math or links", () => {
    const root = renderMd(
      "`arr[1]` and\n\n```js\nconst y = arr[1];\n```\n\n[see [1]](https://x.example) $a[1]$",
    );
    expect(chips(root)).toEqual([]);
    expect(root.querySelector("code")).toHaveTextContent("arr[1]");
  });

  it("renders a source with an unsafe URL as a non-link chip", () => {
    const root = renderMd("Claim [3].");
    const chip = root.querySelector<HTMLElement>("[data-citation='3']");
    expect(chip?.tagName).toBe("BUTTON");
    expect(chip?.hasAttribute("href")).toBe(false);
    expect(root.querySelector("[href^='javascript']")).toBeNull();
    expect(chip).toHaveAttribute("aria-label", "Source 3: Third source");
    // favicon was not an image proxy URL: no image at all, the site's letter instead
    act(() => chip?.focus());
    const card = document.getElementById(chip?.getAttribute("aria-describedby") ?? "");
    expect(card).toHaveTextContent("Third source");
    expect(card?.querySelector("img")).toBeNull();
    expect(card?.querySelector("[data-favicon-tile]")).toHaveTextContent("T");
  });

  it("treats a shortcut reference with a numeric definition as a citation", () => {
    const root = renderMd("Fact [2].\n\n[2]: https://elsewhere.example/");
    const chip = root.querySelector("a[data-citation='2']");
    expect(chip?.getAttribute("href")).toBe("https://two.example/page");
  });
});
