import type { AnswerSource } from "@nexus/contracts";
import { act, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { loadMath } from "./math-loader.ts";

// KaTeX and the highlighter are downloaded on the first answer with math or code
// (math-loader.test.tsx, highlight-loader.test.tsx); here they are in.
beforeAll(() => Promise.all([loadMath(), loadHighlight()]));

const SOURCES: AnswerSource[] = [
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

function renderMd(markdown: string, sources: readonly AnswerSource[] = SOURCES, streaming = false) {
  render(<AnswerMarkdown markdown={markdown} sources={sources} streaming={streaming} />);
  return screen.getByTestId("answer-markdown");
}

function chips(root: HTMLElement): string[] {
  return [...root.querySelectorAll("[data-citation]")].map(
    (el) => el.getAttribute("data-citation") ?? "",
  );
}

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

describe("AnswerMarkdown: link policy", () => {
  it("renders http(s) links as external links", () => {
    const root = renderMd("[site](https://example.com/a)");
    const a = root.querySelector("a");
    expect(a?.getAttribute("href")).toBe("https://example.com/a");
    expect(a?.getAttribute("target")).toBe("_blank");
    expect(a?.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
  });

  it("renders mailto links without target", () => {
    const a = renderMd("[mail](mailto:a@example.com)").querySelector("a");
    expect(a?.getAttribute("href")).toBe("mailto:a@example.com");
    expect(a?.hasAttribute("target")).toBe(false);
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](jav&#x09;ascript:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](<java\tscript:alert(1)>)",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](file:///etc/passwd)",
    "[x](//evil.example)",
    "[x](/relative)",
    "[x](#frag)",
    "[x]: javascript:alert(1)\n\n[x]",
    "<javascript:alert(1)>",
  ])("%s has no link", (markdown) => {
    const root = renderMd(markdown);
    expect(root.querySelector("a")).toBeNull();
    expect(root.querySelector("[href]")).toBeNull();
  });

  it("keeps the text of a refused link", () => {
    expect(renderMd("[click me](javascript:alert(1))")).toHaveTextContent("click me");
  });
});

describe("AnswerMarkdown: image policy", () => {
  const SIGNED = "/api/image?u=https%3A%2F%2Fimg.example%2Fchart.png&s=abcdefghijklmnopqrstuv";

  it.each([SIGNED, `${window.location.origin}${SIGNED}`])(
    "loads an image of the message's sources through the image proxy (%s) lazily without referrer",
    (src) => {
      render(<AnswerMarkdown markdown={`![chart](${src})`} sources={SOURCES} images={[SIGNED]} />);
      const img = screen.getByTestId("answer-markdown").querySelector("img");
      expect(img?.getAttribute("src")).toBe(SIGNED);
      expect(img?.getAttribute("loading")).toBe("lazy");
      expect(img?.getAttribute("referrerpolicy")).toBe("no-referrer");
    },
  );

  it.each([
    ["a signed proxy URL no source carried", `![chart](${SIGNED})`],
    ["with a title", `![chart](${SIGNED} "title")`],
    ["reference style", `![chart][pic]\n\n[pic]: ${SIGNED}`],
    ["absolute, on this origin", `![chart](${window.location.origin}${SIGNED})`],
    [
      "another signature of the same address",
      `![chart](${SIGNED.replace("abcdefghijklmnopqrstuv", "vutsrqponmlkjihgfedcba")})`,
    ],
  ])("never loads %s: an inert chip, no link to the proxy", (_name, markdown) => {
    for (const images of [
      undefined,
      ["/api/image?u=https%3A%2F%2Fother.example%2Fa.png&s=abcdefghijklmnopqrstuv"],
    ]) {
      const { unmount } = render(
        <AnswerMarkdown markdown={markdown} sources={SOURCES} images={images} />,
      );
      const root = screen.getByTestId("answer-markdown");
      expect(root.querySelector("img")).toBeNull();
      expect(root.querySelector("[href*='api/image']")).toBeNull();
      expect(root).toHaveTextContent("Image: chart (blocked)");
      unmount();
    }
  });

  it("loads a shared document's own image only when listed, never one of another shape", () => {
    const own = `/api/shares/d${"A".repeat(22)}/images/00000000-0000-4000-8000-000000000001`;
    const listed = render(
      <AnswerMarkdown markdown={`![chart](${own})`} sources={[]} images={[own]} />,
    );
    expect(screen.getByTestId("answer-markdown").querySelector("img")?.getAttribute("src")).toBe(
      own,
    );
    listed.unmount();
    for (const markdown of [`![chart](${own})`, `![chart](${own}/../../x)`]) {
      const { unmount } = render(<AnswerMarkdown markdown={markdown} sources={[]} images={[]} />);
      expect(screen.getByTestId("answer-markdown").querySelector("img")).toBeNull();
      unmount();
    }
  });

  it("loads a source's own favicon named in the text (a source carried it)", () => {
    const favicon = SOURCES[0]?.favicon ?? "";
    const root = renderMd(`![icon](${favicon})`);
    expect(root.querySelector("img")?.getAttribute("src")).toBe(favicon);
  });

  it("shows any other same-origin address as a chip, not an image", () => {
    const root = renderMd(`![chart](${window.location.origin}/api/files/chart.png)`);
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("[data-blocked-image]")).not.toBeNull();
  });

  it("shows a relative address other than the proxy as an inert chip", () => {
    const root = renderMd("![chart](/api/me)");
    expect(root.querySelector("img")).toBeNull();
    expect(root).toHaveTextContent("Image: chart (blocked)");
  });

  it("shows a third-party image as a link chip, never an <img>", () => {
    const root = renderMd("![secret chart](https://evil.example/x.png?d=SECRET)");
    expect(root.querySelector("img")).toBeNull();
    const chip = root.querySelector("a[data-blocked-image]");
    expect(chip).toHaveTextContent("Image: secret chart (evil.example)");
    expect(chip?.getAttribute("href")).toBe("https://evil.example/x.png?d=SECRET");
    expect(chip?.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(root.innerHTML).not.toContain("srcset");
    expect(root.innerHTML).not.toContain("background");
  });

  it.each([
    "![x](data:image/png;base64,iVBORw0KGgo=)",
    "![x](javascript:alert(1))",
    "![x](//evil.example/a.png)",
  ])("%s is an inert chip", (markdown) => {
    const root = renderMd(markdown);
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("[href]")).toBeNull();
    expect(root).toHaveTextContent("Image: x (blocked)");
  });

  it("does not nest a link inside a link for a linked image", () => {
    const root = renderMd("[![alt](https://evil.example/a.png)](https://example.com)");
    expect(root.querySelectorAll("a")).toHaveLength(1);
    expect(root.querySelector("a a")).toBeNull();
  });
});

describe("AnswerMarkdown: raw HTML", () => {
  it.each([
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<iframe src=https://evil.example></iframe>",
    "text <b onclick=alert(1)>bold</b> text",
    "<div>\n\n**md inside**\n\n</div>",
    "<style>body{display:none}</style>",
    "<a href=javascript:alert(1)>x</a>",
  ])("%s stays inert text", (markdown) => {
    const root = renderMd(markdown);
    for (const tag of ["script", "img", "iframe", "b", "div div", "style", "a"]) {
      expect(root.querySelector(tag)).toBeNull();
    }
    expect(root.textContent).toContain("<");
  });
});
