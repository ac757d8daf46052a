import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentTextView, rangesOnPage } from "./document-text-view.tsx";

const TEXT = "Ouch[1].[2]\n\nA tachyon walks into a bar.\n\nFin.";

describe("DocumentTextView", () => {
  it("shows every line of a passage and marks exactly the cited range, as text", () => {
    const start = TEXT.indexOf("A tachyon");
    render(
      <DocumentTextView
        text={{
          pages: [
            {
              page: 1,
              label: "Text",
              text: `${TEXT}\n<img src=x onerror=alert(1)>`,
              ocr: false,
              passages: [{ ordinal: 0, page: 1, start: 0, end: TEXT.length + 29, headingPath: "" }],
            },
          ],
        }}
        highlight={{ ranges: [{ page: 1, start, end: start + 27 }], quote: null, key: "k" }}
      />,
    );
    expect(screen.getByText("Ouch[1].[2]")).toBeInTheDocument();
    expect(screen.getByText("Fin.")).toBeInTheDocument();
    const marks = document.querySelectorAll("mark.doc-highlight");
    expect([...marks].map((m) => m.textContent)).toEqual(["A tachyon walks into a bar."]);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
  });

  it("an EPUB citation's place reads as the citation labels it (its heading), not by the spine's count", () => {
    const body = "Chapter 1\nThis is the text for chapter One";
    render(
      <DocumentTextView
        kind="epub"
        text={{
          pages: [
            {
              page: 3,
              // As an older server labelled the book's third spine item.
              label: "Chapter 3",
              text: body,
              ocr: false,
              passages: [
                { ordinal: 0, page: 3, start: 0, end: body.length, headingPath: "Chapter 1" },
              ],
            },
          ],
        }}
        highlight={{
          ranges: [{ page: 3, start: 10, end: body.length }],
          quote: null,
          label: "Chapter 1",
          key: "k",
        }}
      />,
    );
    expect(screen.getByTestId("document-highlight-label")).toHaveTextContent("Cited: Chapter 1");
  });

  it("marks only a quote's words inside a passage's range, and the range when it is not there", () => {
    const page = { page: 1, text: TEXT };
    const range = { page: 1, start: 0, end: TEXT.length };
    const found = { ranges: [range], quote: "walks into", key: "q" };
    const at = TEXT.indexOf("walks into");
    expect(rangesOnPage(found, page)).toEqual([{ page: 1, start: at, end: at + 10 }]);
    expect(rangesOnPage({ ...found, quote: "runs into" }, page)).toEqual([range]);
    expect(rangesOnPage({ ...found, quote: null }, page)).toEqual([range]);
    expect(rangesOnPage({ ...found, quote: "walks into" }, { page: 2, text: TEXT })).toEqual([]);
  });
});

describe("DocumentTextView and hostile text (G7)", () => {
  it("draws every line of the XSS payload list as text: no element or attribute comes from it", async () => {
    // biome-ignore lint/style/noRestrictedImports: a Node-run test reading the shared fixture file.
    const { readFileSync } = await import("node:fs");
    const { fileURLToPath } = await import("node:url");
    const file = fileURLToPath(
      new URL("../../../../../../e2e/fixtures/xss-payload-list.html", import.meta.url.toString())
        .href,
    );
    const payloads = readFileSync(file, "utf8");
    // A document whose text is the whole list (tab-separated lines become a table), every line a
    // passage, the middle one cited.
    const lines = payloads.split("\n");
    let at = 0;
    const passages = lines.map((line, ordinal) => {
      const passage = { ordinal, page: 1, start: at, end: at + line.length, headingPath: "" };
      at += line.length + 1;
      return passage;
    });
    const middle = passages[Math.floor(passages.length / 2)];
    const { container } = render(
      <DocumentTextView
        text={{ pages: [{ page: 1, label: "Text", text: payloads, ocr: false, passages }] }}
        highlight={
          middle
            ? { ranges: [{ page: 1, start: middle.start, end: middle.end }], quote: null, key: "x" }
            : null
        }
      />,
    );
    // The document's own content (the toolbar around it is the app's: an input, icons).
    const content = container.querySelector('[data-testid="document-content"]');
    if (!content) throw new Error("no document content");
    const tags = new Set([...content.querySelectorAll("*")].map((el) => el.tagName.toLowerCase()));
    for (const tag of [
      "script",
      "img",
      "iframe",
      "svg",
      "a",
      "object",
      "embed",
      "style",
      "form",
      "input",
      "video",
      "math",
    ])
      expect(tags.has(tag), tag).toBe(false);
    const attributes = [...content.querySelectorAll("*")].flatMap((el) =>
      el.getAttributeNames().filter((name) => /^on|^href$|^src$|^style$|^formaction$/i.test(name)),
    );
    expect(attributes).toEqual([]);
    expect(container.textContent).toContain("<script>");
    expect(container.querySelectorAll("mark.doc-highlight").length).toBeGreaterThan(0);
  });
});
