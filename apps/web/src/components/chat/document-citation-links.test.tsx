import { type AnswerSource, CITATION_VERIFIED_LABEL, type CitationCheck } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { labelSource } from "@/lib/chat/source-label.ts";
import {
  CitationPanelContext,
  type CitationPanelRequest,
} from "./citation/citation-panel-context.ts";
import { CitationChip } from "./markdown/citation-chip.tsx";
import { CitationChecksContext, SourcesContext } from "./markdown/sources-context.ts";
import { SourceCard } from "./source-card.tsx";

const FILE_ID = "0b6e3b0e-6d1e-4a53-9a57-3d2f7c1a9e10";
const PASSAGE_URL = `/app/document-chat/${FILE_ID}?chunk=7&page=3`;
const SOURCE: AnswerSource = {
  title: "tracemonkey.pdf, p. 3",
  url: PASSAGE_URL,
  domain: "",
  favicon: null,
  snippet: "an older snippet",
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function setup(children: ReactNode) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url.endsWith(`/api/documents/${FILE_ID}/passages/7`)) {
        return new Response(JSON.stringify({ text: "Trace trees are recorded at loop headers." }), {
          headers: { "content-type": "application/json" },
        });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/app/search/x"]}>
        <Routes>
          <Route path="/app/search/x" element={children} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a file citation in an answer", () => {
  it("its chip opens the document chat at the passage in the app (not a new tab, not a download)", async () => {
    const { user } = setup(
      <SourcesContext value={[SOURCE]}>
        <p>
          Traced. <CitationChip n={1} />
        </p>
      </SourcesContext>,
    );
    const chip = screen.getByRole("link", { name: /Source 1/ });
    expect(chip.getAttribute("target")).toBeNull();
    expect(chip.hasAttribute("download")).toBe(false);
    await user.click(chip);
    expect(screen.getByTestId("where").textContent).toBe(PASSAGE_URL);
  });

  it("its chip's preview shows the passage's text (GET /api/documents/:id/passages/:ordinal)", async () => {
    const { user, asked } = setup(
      <SourcesContext value={[SOURCE]}>
        <p>
          Traced. <CitationChip n={1} />
        </p>
      </SourcesContext>,
    );
    await user.tab();
    const card = await screen.findByTestId("citation-preview");
    await vi.waitFor(() =>
      expect(card.textContent).toContain("Trace trees are recorded at loop headers."),
    );
    expect(asked.some((url) => url.endsWith(`/documents/${FILE_ID}/passages/7`))).toBe(true);
  });

  it("its source card opens the document chat in the app and previews the passage", async () => {
    const { user } = setup(<SourceCard source={SOURCE} label={labelSource(SOURCE)} number={1} />);
    const card = screen.getByTestId("source-card");
    expect(card.getAttribute("target")).toBeNull();
    await user.tab();
    const preview = await screen.findByTestId("source-preview");
    await vi.waitFor(() =>
      expect(preview.textContent).toContain("Trace trees are recorded at loop headers."),
    );
    await user.click(card);
    expect(screen.getByTestId("where").textContent).toBe(PASSAGE_URL);
  });

  it("on a screen with the viewer beside the reading, its source card opens the passage there", async () => {
    const opened: CitationPanelRequest[] = [];
    const { user } = setup(
      <CitationPanelContext value={(request) => opened.push(request)}>
        <SourceCard source={SOURCE} label={labelSource(SOURCE)} number={1} />
      </CitationPanelContext>,
    );
    const card = screen.getByTestId("source-card");
    await user.click(card);
    // The answer stays: no navigation to a new document chat.
    expect(screen.getByTestId("where").textContent).toBe("/app/search/x");
    expect(opened).toHaveLength(1);
    expect(opened[0]?.passage).toEqual({
      fileId: FILE_ID,
      ordinal: 7,
      page: 3,
      quote: null,
      name: "tracemonkey.pdf",
      chatHref: PASSAGE_URL,
    });
    expect(opened[0]?.returnFocus).toBe(card);
    // Its link stays (a new tab, a copied address).
    expect(card.getAttribute("href")).toBe(PASSAGE_URL);
  });

  it("a source card whose citation was verified marks the verified quote, not the whole chunk", async () => {
    const quote = "Trace trees are recorded at loop headers.";
    const checks: CitationCheck[] = [
      // Another source's check, and source 1's unverified first citation: neither is its quote.
      check({ source: 2, verified: true, passage: "Not this source." }),
      check({ source: 1, occurrence: 0, verified: false, match: "none", passage: "Closest." }),
      check({ source: 1, occurrence: 1, verified: true, passage: quote }),
    ];
    const opened: CitationPanelRequest[] = [];
    const { user, asked } = setup(
      <CitationPanelContext value={(request) => opened.push(request)}>
        <CitationChecksContext value={checks}>
          <SourceCard source={SOURCE} label={labelSource(SOURCE)} number={1} />
        </CitationChecksContext>
      </CitationPanelContext>,
    );
    const card = screen.getByTestId("source-card");
    // The check mark the answer's chips have, named for a screen reader too.
    expect(card).toHaveAttribute("data-verified", "true");
    expect(within(card).getByTestId("source-card-verified")).toHaveTextContent(
      CITATION_VERIFIED_LABEL,
    );
    expect(card).toHaveAccessibleName(/verified against the source$/);
    // Its preview is the verified quote (no need to fetch the whole passage).
    await user.tab();
    expect((await screen.findByTestId("source-preview")).textContent).toContain(quote);
    expect(asked.filter((url) => url.includes("/passages/"))).toEqual([]);
    await user.click(card);
    expect(opened[0]?.passage).toMatchObject({ fileId: FILE_ID, ordinal: 7, quote });
    const withQuote = `${PASSAGE_URL}&quote=${encodeURIComponent(quote)}`;
    expect(opened[0]?.passage.chatHref).toBe(withQuote);
    expect(card.getAttribute("href")).toBe(withQuote);
  });

  it("a source card with no verified citation has no mark and opens the whole passage", async () => {
    setup(
      <CitationChecksContext value={[check({ source: 1, verified: false, match: "none" })]}>
        <SourceCard source={SOURCE} label={labelSource(SOURCE)} number={1} />
      </CitationChecksContext>,
    );
    const card = screen.getByTestId("source-card");
    expect(card).not.toHaveAttribute("data-verified");
    expect(within(card).queryByTestId("source-card-verified")).toBeNull();
    expect(card.getAttribute("href")).toBe(PASSAGE_URL);
  });
});

function check(fields: Partial<CitationCheck>): CitationCheck {
  return {
    source: 1,
    occurrence: 0,
    sentence: "Traces start at loop headers.",
    start: 0,
    end: 10,
    verified: true,
    match: "exact",
    passage: "",
    ...fields,
  };
}
