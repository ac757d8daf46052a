import type { ExtractionCell, ExtractionItem } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freeKey } from "../components/add-field.tsx";
import { NewExtraction } from "../components/new-extraction.tsx";
import { draftField, fieldsOf } from "../components/schema-builder.tsx";
import { cellPassage } from "./cell-passage.ts";
import { cappedSources } from "./row-items.ts";
import { startEstimate } from "./start-estimate.ts";
import { applyRowEvent } from "./use-extraction-live.ts";

describe("the schema builder's fields", () => {
  it("makes keys from names, each once, drops unnamed fields and splits choices", () => {
    const fields = fieldsOf([
      draftField({ name: "Sample size", type: "number" }),
      draftField({ name: "" }),
      draftField({ name: "Sample size!" }),
      draftField({ name: "Design", type: "choice", choices: "RCT, cohort ,, case study" }),
      draftField({ name: "Notes", type: "text", choices: "ignored" }),
    ]);
    expect(fields.map((f) => f.key)).toEqual(["sample_size", "sample_size_2", "design", "notes"]);
    expect(fields[2]?.choices).toEqual(["RCT", "cohort", "case study"]);
    expect(fields[3]?.choices).toEqual([]);
  });
});

describe("a row event on the live table", () => {
  const item = {
    id: "x",
    rowsDone: 0,
    rows: [
      { index: 0, status: "pending", cells: {}, error: null },
      { index: 1, status: "pending", cells: {}, error: null },
    ],
  } as unknown as ExtractionItem;

  it("replaces its row and counts the rows done", () => {
    const cell = { value: 3, quote: "three", mark: "exact" };
    const next = applyRowEvent(item, { row: 1, status: "done", cells: { n: cell }, error: null });
    expect(next.rows[1]).toMatchObject({ status: "done", cells: { n: cell } });
    expect(next.rows[0]).toBe(item.rows[0]);
    expect(next.rowsDone).toBe(1);
    const failed = applyRowEvent(next, {
      row: 0,
      status: "failed",
      error: "The file has no text.",
    });
    expect(failed.rows[0]).toMatchObject({ status: "failed", error: "The file has no text." });
    expect(applyRowEvent(item, { status: "done" })).toBe(item);
  });

  it("adds a per-item source's further items in their place by number", () => {
    const source = { kind: "file", label: "trials.txt", fileId: "f1", url: null };
    const perItem = {
      ...item,
      rows: [
        { index: 0, source: { ...source, item: 0 }, status: "pending", cells: {}, error: null },
        { index: 64, source: { ...source, item: 0 }, status: "pending", cells: {}, error: null },
      ],
    } as unknown as ExtractionItem;
    const second = { source: { ...source, item: 1 }, status: "done", cells: {}, error: null };
    const next = applyRowEvent(perItem, { row: 1, index: 1, ...second });
    expect(next.rows.map((r) => [r.index, r.source.item])).toEqual([
      [0, 0],
      [1, 1],
      [64, 0],
    ]);
    expect(next.rowsDone).toBe(1);
    // A new row with no source to draw is not added.
    expect(applyRowEvent(perItem, { row: 2, status: "done" })).toBe(perItem);
  });
});

describe("the start screen's estimate and the item cap", () => {
  it("counts a web search as its result count, and 64 rows a source per item", () => {
    const sources = [
      { kind: "search", query: "trials", count: 5 },
      { kind: "file", fileId: "f1" },
      { kind: "url", url: "https://a.example/" },
    ] as const;
    expect(startEstimate([...sources], "per_source")).toEqual({
      files: 1,
      pages: 1,
      results: 5,
      rows: 7,
    });
    expect(startEstimate([...sources], "per_item").rows).toBe(7 * 64);
  });

  it("names the sources whose items reached the cap", () => {
    const row = (index: number, label: string, itemIndex: number | null) => ({
      index,
      source: { kind: "file", label, fileId: "f", url: null, item: itemIndex },
    });
    const rows = [row(0, "a.txt", 0), row(63, "a.txt", 63), row(64, "b.txt", 0), row(1, "c", null)];
    expect(cappedSources({ rows } as unknown as ExtractionItem)).toEqual(["a.txt"]);
  });
});

const cell = (over: Partial<ExtractionCell>): ExtractionCell => ({
  value: "2",
  raw: null,
  quote: "It is also possible",
  mark: "exact",
  place: { page: 2, start: 10, end: 29, chunk: 4 },
  note: null,
  edited: false,
  ...over,
});

const item = (cells: Record<string, ExtractionCell>, fileId: string | null = "f1") =>
  ({
    rows: [
      {
        index: 0,
        source: { kind: fileId ? "file" : "url", label: "a.pdf", fileId, url: null },
        status: "done",
        cells,
        error: null,
      },
    ],
  }) as unknown as ExtractionItem;

describe("a cell's passage in the shared panel", () => {
  it("opens a checked quote at its passage, marked, with the document chat's link", () => {
    expect(cellPassage(item({ p: cell({}) }), { row: 0, key: "p" })).toEqual({
      fileId: "f1",
      ordinal: 4,
      page: 2,
      quote: "It is also possible",
      name: "a.pdf",
      chatHref: "/app/document-chat/f1?chunk=4&quote=It%20is%20also%20possible",
    });
  });

  it("marks nothing for an unchecked quote, and has none without a place in a file", () => {
    expect(
      cellPassage(item({ p: cell({ mark: "unverified" }) }), { row: 0, key: "p" }),
    ).toMatchObject({ quote: null, chatHref: "/app/document-chat/f1?chunk=4" });
    expect(cellPassage(item({ p: cell({ place: null }) }), { row: 0, key: "p" })).toBeNull();
    expect(cellPassage(item({ p: cell({}) }, null), { row: 0, key: "p" })).toBeNull();
    expect(cellPassage(item({ p: cell({}) }), { row: 1, key: "p" })).toBeNull();
  });
});

describe("a field added from the screen", () => {
  it("gets a key from its name that the schema does not have yet", () => {
    expect(freeKey("Venue", ["title"])).toBe("venue");
    expect(freeKey("Title", ["title", "title_2"])).toBe("title_3");
    expect(freeKey("2nd author", [])).toBe("field_2nd_author");
  });
});

/**
 * The start screen against a stand-in of the API: the row mode in the schema step (set by a
 * proposal from "every …", switched by the person, sent with the start) and the sources summary,
 * where a web search counts as its result count.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve() {
  const started: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes("/api/extractions/propose"))
        return json({
          fields: [
            {
              key: "name",
              name: "Name",
              type: "text",
              instructions: "",
              required: false,
              choices: [],
            },
          ],
          rowMode: "per_item",
        });
      if (url.includes("/api/extractions")) {
        started.push(JSON.parse(String(init?.body)));
        return json({ error: { code: "conflict", message: "Stopped here." } }, 409);
      }
      return json({
        files: [{ id: "f1", name: "review.pdf", status: "ready" }],
        storageUsed: 0,
        addFiles: { current: 0, limit: 10 },
        maxBytes: 1,
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewExtraction />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { started };
}

describe("NewExtraction", () => {
  it("sets a row per item from an “every …” proposal, switches it, and counts a search as its results", async () => {
    const { started } = serve();
    const user = userEvent.setup();
    const perSource = screen.getByLabelText("A row per source");
    const perItem = screen.getByLabelText("A row per item found (“every …”)");
    expect(perSource).toBeChecked();
    expect(screen.getByTestId("extraction-estimate")).toHaveTextContent("No sources picked yet");

    await user.click(screen.getByLabelText("Describe what you want"));
    await user.paste("Every trial mentioned: name");
    await user.click(screen.getByText("Propose fields"));
    await vi.waitFor(() => expect(perItem).toBeChecked());
    expect(screen.getByLabelText("Name")).toHaveValue("Name");
    // The person can switch it back and forth, from the keyboard too.
    perItem.focus();
    await user.keyboard("{ArrowLeft}");
    expect(perSource).toBeChecked();
    await user.click(perItem);
    expect(perItem).toBeChecked();

    await user.click(await screen.findByLabelText("review.pdf"));
    await user.click(screen.getByTestId("extraction-search"));
    await user.paste("trial registries");
    await user.selectOptions(screen.getByLabelText("Results"), "3");
    const estimate = screen.getByTestId("extraction-estimate");
    expect(estimate).toHaveTextContent("1 file · up to 3 web results");
    // 1 file and 3 results, up to 64 items each.
    expect(estimate).toHaveTextContent("1 fields × a row per item found, up to 256 rows");
    await user.click(perSource);
    expect(estimate).toHaveTextContent("1 fields × up to 4 rows");
    await user.click(perItem);

    await user.click(screen.getByTestId("extraction-start"));
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({
      rowMode: "per_item",
      sources: [
        { kind: "search", query: "trial registries", count: 3 },
        { kind: "file", fileId: "f1" },
      ],
    });
    expect(await screen.findByText("Stopped here.")).toBeInTheDocument();
  });
});
