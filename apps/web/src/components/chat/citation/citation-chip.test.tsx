import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CitationChipView } from "./citation-chip.tsx";
import { CitationPanelContext, type CitationPanelRequest } from "./citation-panel-context.ts";
import { resolveCitation } from "./resolve-citation.ts";

const FILE = "0b6e3b0e-6d1e-4a53-9a57-3d2f7c1a9e10";
const PASSAGE = `/app/document-chat/${FILE}?chunk=7&page=3`;
const fileCitation = resolveCitation({
  n: 2,
  url: PASSAGE,
  title: "tracemonkey.pdf, p. 3",
  snippet: "The whole passage about trace trees.",
  quote: "loops are hot",
  verified: true,
});
const webCitation = resolveCitation({
  n: 1,
  url: "https://site.example/article",
  title: "An article",
  snippet: "What the page says.",
  verified: false,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function setup(chip: ReactNode, panel: ((request: CitationPanelRequest) => void) | null) {
  render(
    <MemoryRouter initialEntries={["/app/search/x"]}>
      <CitationPanelContext value={panel}>
        <Routes>
          <Route path="/app/search/x" element={<p>Cited {chip}</p>} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </CitationPanelContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("the citation chip", () => {
  it("a file citation's card names the file, its page and the verified quote", async () => {
    const user = setup(<CitationChipView citation={fileCitation} previewTestId="card" />, vi.fn());
    await user.tab();
    const card = await screen.findByTestId("card");
    expect(card).toHaveTextContent("Your files · p. 3");
    expect(card).toHaveTextContent("tracemonkey.pdf");
    expect(card).toHaveTextContent("“loops are hot”");
    expect(within(card).getByTestId("citation-verdict")).toHaveTextContent("Verified");
    expect(card.querySelector("a")).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("card")).toBeNull();
  });

  it("a click on a file citation opens the passage beside the reading, the page staying put", async () => {
    const panel = vi.fn();
    const user = setup(<CitationChipView citation={fileCitation} previewTestId="card" />, panel);
    const chip = screen.getByRole("link");
    expect(chip).toHaveAttribute("href", `${PASSAGE}&quote=loops%20are%20hot`);
    await user.click(chip);
    expect(panel).toHaveBeenCalledTimes(1);
    const request = panel.mock.calls[0]?.[0] as CitationPanelRequest;
    expect(request.passage).toMatchObject({
      fileId: FILE,
      ordinal: 7,
      page: 3,
      quote: "loops are hot",
    });
    expect(request.returnFocus).toBe(chip);
    expect(screen.getByTestId("where")).toHaveTextContent("/app/search/x");
    // The focus coming back from the panel opens no card.
    act(() => request.beforeFocusReturn?.());
    act(() => chip.focus());
    expect(screen.queryByTestId("card")).toBeNull();
  });

  it("a tap opens the card as a sheet, and from it the passage beside the reading", async () => {
    const panel = vi.fn();
    setup(<CitationChipView citation={fileCitation} previewTestId="card" />, panel);
    const chip = screen.getByRole("link");
    fireEvent.pointerDown(chip, { pointerType: "touch" });
    fireEvent.click(chip);
    const sheet = await screen.findByTestId("citation-sheet");
    expect(sheet).toHaveTextContent("loops are hot");
    expect(within(sheet).getByRole("link", { name: "Open document chat" })).toHaveAttribute(
      "href",
      `${PASSAGE}&quote=loops%20are%20hot`,
    );
    fireEvent.click(within(sheet).getByRole("button", { name: "Show in the document" }));
    expect(panel).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("where")).toHaveTextContent("/app/search/x");
  });

  it("a web citation links out in a new tab, its card too; an unverified one says so", async () => {
    const user = setup(<CitationChipView citation={webCitation} previewTestId="card" />, vi.fn());
    const chip = screen.getByRole("link");
    expect(chip).toHaveAttribute("target", "_blank");
    expect(chip.getAttribute("rel")).toContain("noopener noreferrer");
    expect(chip).toHaveTextContent("1?");
    await user.tab();
    const card = await screen.findByTestId("card");
    expect(card).toHaveTextContent("site.example");
    expect(card).toHaveTextContent("“What the page says.”");
    expect(within(card).getByTestId("citation-verdict")).toHaveTextContent("Unverified");
    const out = within(card).getByRole("link", { hidden: true });
    expect(out).toHaveAttribute("href", "https://site.example/article");
    expect(out).toHaveAttribute("target", "_blank");
    expect(out.getAttribute("rel")).toContain("noopener noreferrer");
  });

  it("a kind that handles the click itself (a document chat) gets it, by mouse and keyboard", async () => {
    const onActivate = vi.fn();
    const user = setup(
      <CitationChipView citation={fileCitation} previewTestId="card" onActivate={onActivate} />,
      vi.fn(),
    );
    const chip = screen.getByRole("button");
    await user.click(chip);
    chip.focus();
    await user.keyboard("{Enter}");
    expect(onActivate).toHaveBeenCalledTimes(2);
  });
});
