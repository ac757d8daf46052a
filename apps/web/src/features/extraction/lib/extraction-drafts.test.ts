import type { ExtractionCell, ExtractionItem } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { freeKey } from "../components/add-field.tsx";
import { draftField, fieldsOf } from "../components/schema-builder.tsx";
import { cellPassage } from "./cell-passage.ts";
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
