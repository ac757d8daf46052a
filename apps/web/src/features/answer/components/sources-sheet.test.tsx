import { type AnswerSource, CITATION_VERIFIED_LABEL, type CitationCheck } from "@nexus/contracts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  CitationPanelContext,
  type CitationPanelRequest,
} from "@/components/chat/citation/citation-panel-context.ts";
import { CitationChecksContext } from "@/components/chat/markdown/sources-context.ts";
import { labelSources } from "@/lib/chat/source-label.ts";
import { SourcesSheet } from "./sources-sheet.tsx";

const FILE_ID = "0b6e3b0e-6d1e-4a53-9a57-3d2f7c1a9e10";
const PASSAGE_URL = `/app/document-chat/${FILE_ID}?chunk=7&page=3`;
const QUOTE = "Trace trees are recorded at loop headers.";
const SOURCES: AnswerSource[] = [
  {
    title: "A page",
    url: "https://example.org/a",
    domain: "example.org",
    favicon: null,
    snippet: "web snippet",
  },
  {
    title: "tracemonkey.pdf, p. 3",
    url: PASSAGE_URL,
    domain: "",
    favicon: null,
    snippet: "the whole chunk",
  },
];
const CHECKS: CitationCheck[] = [
  {
    source: 1,
    occurrence: 0,
    sentence: "S.",
    start: 0,
    end: 2,
    verified: false,
    match: "none",
    passage: "Closest.",
  },
  {
    source: 2,
    occurrence: 0,
    sentence: "T.",
    start: 0,
    end: 2,
    verified: true,
    match: "exact",
    passage: QUOTE,
  },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const more = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={more} type="button">
        +2 more
      </button>
      <SourcesSheet
        sources={SOURCES}
        labels={labelSources(SOURCES)}
        onOpenChange={onOpenChange}
        returnFocusRef={more}
      />
    </>
  );
}

describe('the "+N more" sheet of sources', () => {
  it("marks a verified source with its quote and opens a file's quote beside the answer", async () => {
    const opened: CitationPanelRequest[] = [];
    const onOpenChange = vi.fn();
    render(
      <MemoryRouter initialEntries={["/app/search/x"]}>
        <CitationPanelContext value={(request) => opened.push(request)}>
          <CitationChecksContext value={CHECKS}>
            <Harness onOpenChange={onOpenChange} />
          </CitationChecksContext>
        </CitationPanelContext>
        <Where />
      </MemoryRouter>,
    );
    const sheet = screen.getByTestId("sources-sheet");
    const web = within(sheet).getByText("web snippet").closest("[data-sheet-source]");
    const file = sheet.querySelector('[data-sheet-source="2"]');
    if (!(web instanceof HTMLElement) || !(file instanceof HTMLElement))
      throw new Error("no sources");
    // An unverified source: no mark, its own snippet.
    expect(web).not.toHaveAttribute("data-verified");
    expect(within(web).queryByTestId("source-preview-verified")).toBeNull();
    // The verified one: the mark (named for a screen reader) and the quote instead of the chunk.
    expect(file).toHaveAttribute("data-verified", "true");
    expect(within(file).getByTestId("source-preview-verified")).toHaveTextContent(
      CITATION_VERIFIED_LABEL,
    );
    expect(file.textContent).toContain(QUOTE);
    expect(file.textContent).not.toContain("the whole chunk");
    expect(file.getAttribute("href")).toBe(`${PASSAGE_URL}&quote=${encodeURIComponent(QUOTE)}`);
    // A click opens the passage at its quote beside the answer: the sheet closes, no navigation,
    // and focus will go back to "+N more".
    await userEvent.setup().click(file);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByTestId("where").textContent).toBe("/app/search/x");
    expect(opened).toHaveLength(1);
    expect(opened[0]?.passage).toMatchObject({
      fileId: FILE_ID,
      ordinal: 7,
      page: 3,
      quote: QUOTE,
    });
    expect(opened[0]?.returnFocus).toBe(screen.getByText("+2 more"));
  });
});
