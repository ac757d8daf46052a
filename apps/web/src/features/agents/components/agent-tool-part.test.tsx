import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AgentToolPart, isToolPart, type ToolPartLike } from "./agent-tool-part.tsx";

function renderPart(part: ToolPartLike, streaming = true) {
  render(
    <AgentToolPart
      part={{ toolCallId: "call-1", ...part } as ToolPartLike}
      streaming={streaming}
    />,
  );
  return screen.getByTestId("agent-tool");
}

const RESULTS = {
  results: [
    { title: "Heat pumps explained", url: "https://www.energy.gov/heat-pumps", snippet: "…" },
    { title: "", url: "https://example.org/cold", snippet: "…" },
    { title: "Bad link", url: "javascript:alert(1)", snippet: "…" },
  ],
};

describe("AgentToolPart: web-search", () => {
  it("says what it searches for while the input streams and while it runs", () => {
    const row = renderPart({
      type: "tool-web-search",
      state: "input-streaming",
      input: { query: "heat pu" },
    });
    expect(row).toHaveTextContent("Searching the web for “heat pu”…");
  });

  it("says it searches even before the query arrived", () => {
    expect(renderPart({ type: "tool-web-search", state: "input-streaming" })).toHaveTextContent(
      "Searching the web…",
    );
  });

  it("runs with its whole input", () => {
    const row = renderPart({
      type: "tool-web-search",
      state: "input-available",
      input: { query: "heat pumps" },
    });
    expect(row).toHaveTextContent("Searching the web for “heat pumps”…");
  });

  it("counts the results and lists them as links behind a disclosure", async () => {
    const user = userEvent.setup();
    const row = renderPart({
      type: "tool-web-search",
      state: "output-available",
      input: { query: "heat pumps" },
      output: RESULTS,
    });
    expect(row).toHaveTextContent("Searched the web: 3 results");
    const details = row.querySelector("details");
    expect(details).not.toHaveAttribute("open");
    await user.click(screen.getByText(/Searched the web/));
    expect(details).toHaveAttribute("open");
    const link = screen.getByRole("link", { name: "Heat pumps explained" });
    expect(link).toHaveAttribute("href", "https://www.energy.gov/heat-pumps");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
    // A result without a title is named by its host; an unsafe URL is no link.
    expect(screen.getByRole("link", { name: "example.org" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Bad link" })).not.toBeInTheDocument();
    expect(screen.getByText("Bad link")).toBeInTheDocument();
  });

  it("says one result, and no list when nothing was found", () => {
    const row = renderPart({
      type: "tool-web-search",
      state: "output-available",
      input: { query: "q" },
      output: { results: [] },
    });
    expect(row).toHaveTextContent("Searched the web: 0 results");
    expect(row.querySelector("details")).toBeNull();
  });

  it("shows the error text in a warning row", () => {
    const row = renderPart({
      type: "tool-web-search",
      state: "output-error",
      input: { query: "q" },
      errorText: "The search provider did not answer.",
    });
    expect(row).toHaveTextContent("The search provider did not answer.");
    expect(row).not.toHaveTextContent("Searching");
  });

  it("no longer runs once the reply stopped without its result", () => {
    const row = renderPart(
      { type: "tool-web-search", state: "input-available", input: { query: "q" } },
      false,
    );
    expect(row).toHaveTextContent("Did not finish searching the web for “q”");
  });
});

describe("AgentToolPart: read-url", () => {
  it("reads the page's host while it runs", () => {
    expect(
      renderPart({
        type: "tool-read-url",
        state: "input-available",
        input: { url: "https://www.example.com/a/b?c" },
      }),
    ).toHaveTextContent("Reading example.com…");
  });

  it("says 'the page' while the URL is still streaming in", () => {
    expect(
      renderPart({ type: "tool-read-url", state: "input-streaming", input: {} }),
    ).toHaveTextContent("Reading the page…");
  });

  it("names the host and links the page's title once read", () => {
    const row = renderPart({
      type: "tool-read-url",
      state: "output-available",
      input: { url: "https://example.com/post" },
      output: {
        url: "https://example.com/post",
        title: "A post",
        text: "…",
        truncated: false,
      },
    });
    expect(row).toHaveTextContent("Read example.com: A post");
    expect(screen.getByRole("link", { name: "A post" })).toHaveAttribute(
      "href",
      "https://example.com/post",
    );
  });

  it("shows the error text in a warning row", () => {
    const row = renderPart({
      type: "tool-read-url",
      state: "output-error",
      input: { url: "https://example.com" },
      errorText: "The page could not be read (403).",
    });
    expect(row).toHaveTextContent("The page could not be read (403).");
  });
});

describe("AgentToolPart: other tools", () => {
  it("names a tool it has no wording for", () => {
    expect(
      renderPart({ type: "tool-lookup", state: "output-available", input: {}, output: {} }),
    ).toHaveTextContent("Used tool lookup");
  });

  it("says a running unknown tool is in use", () => {
    expect(renderPart({ type: "tool-lookup", state: "input-available" })).toHaveTextContent(
      "Using tool lookup…",
    );
  });

  it("hands the media tools to their own renderers", () => {
    expect(
      renderPart({ type: "tool-youtube-transcript", state: "input-available" }),
    ).toHaveTextContent("Fetching the transcript…");
  });

  it("names a dynamic tool by its toolName", () => {
    expect(
      renderPart({ type: "dynamic-tool", toolName: "lookup", state: "output-available" }, false),
    ).toHaveTextContent("Used tool lookup");
  });

  it("recognises tool parts only", () => {
    expect(isToolPart({ type: "tool-web-search" })).toBe(true);
    expect(isToolPart({ type: "dynamic-tool" })).toBe(true);
    expect(isToolPart({ type: "text" })).toBe(false);
    expect(isToolPart({ type: "source-url" })).toBe(false);
  });
});

describe("AgentToolPart: search-files", () => {
  it("says what it searches for, then how many passages it found", () => {
    expect(
      renderPart({
        type: "tool-search-files",
        state: "input-available",
        input: { query: "tides" },
      }),
    ).toHaveTextContent("Searching the files for “tides”…");
  });

  it("counts the passages found", () => {
    const row = renderPart(
      {
        type: "tool-search-files",
        state: "output-available",
        input: { query: "tides" },
        output: { results: [{ n: 1, title: "report.pdf, p. 2", url: "", text: "…" }] },
      },
      false,
    );
    expect(row).toHaveTextContent("Searched the files for “tides”: 1 passage");
  });

  it("opens to show each passage with its number, its file or guide, and its words", async () => {
    const row = renderPart(
      {
        type: "tool-search-files",
        state: "output-available",
        input: { query: "tides" },
        output: {
          results: [
            {
              n: 1,
              title: "harbour.pdf, p. 2",
              url: "/api/files/f1/download#page=2",
              text: "Spring tides follow the new moon.",
            },
            { n: null, title: "notes.md", url: "", text: "Neap tides are the smallest." },
            { n: 3, title: "Tide tables", url: "javascript:alert(1)", text: "Read the table." },
            { title: "no text: left out" },
          ],
        },
      },
      false,
    );
    expect(row).toHaveTextContent("Searched the files for “tides”: 3 passages");
    const block = screen.getByTestId("search-files-block");
    expect(block).not.toHaveAttribute("open");
    await userEvent.click(screen.getByText(/Searched the files/));
    expect(block).toHaveAttribute("open");
    const passages = screen.getAllByTestId("search-files-passage");
    expect(passages.map((p) => p.textContent)).toEqual([
      "[1]harbour.pdf, p. 2Spring tides follow the new moon.",
      "notes.mdNeap tides are the smallest.",
      "[3]Tide tablesRead the table.",
    ]);
    // A file's page opens in this tab; an address that is not http(s) is no link at all.
    const file = screen.getByRole("link", { name: "harbour.pdf, p. 2" });
    expect(file).toHaveAttribute("href", "/api/files/f1/download#page=2");
    expect(file).not.toHaveAttribute("target");
    expect(screen.queryByRole("link", { name: "Tide tables" })).toBeNull();
    expect(screen.queryByRole("link", { name: "notes.md" })).toBeNull();
  });
});
