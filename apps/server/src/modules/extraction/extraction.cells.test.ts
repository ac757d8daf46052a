import type { ExtractionField } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import {
  groundCell,
  mergeCells,
  placeOf,
  readDate,
  readNumber,
  readValue,
  sourceText,
} from "./extraction.cells.ts";

const field = (type: ExtractionField["type"], choices: string[] = []): ExtractionField => ({
  key: "f",
  name: "F",
  type,
  instructions: "",
  required: false,
  choices,
});

const PAGE_1 = "Trace-based Just-in-Time Type Specialization for Dynamic Languages.";
const PAGE_2 = "We evaluated TraceMonkey on 26 benchmarks. It was published in June 2009.";
const SOURCE = sourceText([
  { page: 1, text: PAGE_1 },
  { page: 2, text: PAGE_2 },
]);

describe("values read as their field's type", () => {
  it("reads one number, in English and European notation, and refuses two", () => {
    expect(readNumber("1,234.5")).toBe(1234.5);
    expect(readNumber("1 234,5")).toBe(1234.5);
    expect(readNumber("1.234.567")).toBe(1234567);
    expect(readNumber("1,234,567")).toBe(1234567);
    expect(readNumber("1,234")).toBe(1234);
    expect(readNumber("3,5")).toBe(3.5);
    expect(readNumber("about 30 participants")).toBe(30);
    expect(readNumber("-4.2%")).toBe(-4.2);
    expect(readNumber("between 10 and 20")).toBeNull();
    expect(readNumber("none")).toBeNull();
  });

  it("reads dates to ISO 8601 and refuses impossible ones", () => {
    expect(readDate("2009")).toBe("2009");
    expect(readDate("2009-06")).toBe("2009-06");
    expect(readDate("2009-06-15")).toBe("2009-06-15");
    expect(readDate("June 15, 2009")).toBe("2009-06-15");
    expect(readDate("2009-02-30")).toBeNull();
    expect(readDate("last summer")).toBeNull();
  });

  it("reads yes/no, choices and lists, and says why a value is not of its type", () => {
    expect(readValue(field("boolean"), "Yes").value).toBe(true);
    expect(readValue(field("boolean"), false).value).toBe(false);
    expect(readValue(field("boolean"), "maybe")).toEqual({
      value: null,
      note: "Not yes or no: “maybe”",
    });
    expect(readValue(field("choice", ["Journal", "Conference"]), "conference").value).toBe(
      "Conference",
    );
    expect(readValue(field("choice", ["Journal", "Conference"]), "Blog").value).toBeNull();
    expect(readValue(field("list"), ["a", " ", "b"]).value).toEqual(["a", "b"]);
    expect(readValue(field("list"), "x; y; z").value).toEqual(["x", "y", "z"]);
    expect(readValue(field("number"), { nested: 1 }).note).toBe("Not a number: “…”");
  });
});

describe("a cell grounded in its source", () => {
  it("marks a quote found word for word as exact, with its characters and page", () => {
    const cell = groundCell(field("number"), { value: "26", quote: "on 26 benchmarks" }, SOURCE);
    expect(cell).toMatchObject({ value: 26, mark: "exact", note: null, edited: false });
    // The characters of page 2's own text, as the viewer marks them.
    expect(cell.place?.page).toBe(2);
    expect(PAGE_2.slice(cell.place?.start, cell.place?.end)).toBe("on 26 benchmarks");
  });

  it("marks a nearly matching quote close, and one the source lacks unverified, value kept", () => {
    const close = groundCell(
      field("text"),
      { value: "TraceMonkey", quote: "We evaluated the TraceMonkey on 26 benchmarks" },
      SOURCE,
    );
    expect(close.mark).toBe("close");
    const invented = groundCell(
      field("text"),
      { value: "Mozilla", quote: "Mozilla funded the work" },
      SOURCE,
    );
    expect(invented).toMatchObject({ value: "Mozilla", mark: "unverified", place: null });
    expect(invented.note).toBe("The quote is not in the source.");
    const bare = groundCell(field("text"), { value: "Mozilla", quote: null }, SOURCE);
    expect(bare).toMatchObject({ mark: "unverified", note: "No quote was given for this value." });
  });

  it("is not found when the source does not answer, and never verified when not of its type", () => {
    expect(groundCell(field("date"), { value: null, quote: "June 2009" }, SOURCE)).toMatchObject({
      value: null,
      quote: null,
      mark: "not_found",
    });
    const wrongType = groundCell(
      field("number"),
      { value: "many", quote: "26 benchmarks" },
      SOURCE,
    );
    expect(wrongType).toMatchObject({ value: null, raw: "many", mark: "unverified" });
    expect(wrongType.place).not.toBeNull();
  });

  it("places a range on its page, cut at the page's end", () => {
    const source = sourceText([
      { page: 3, text: "abc" },
      { page: 7, text: "defgh" },
    ]);
    expect(source.text).toBe("abc\n\ndefgh");
    expect(placeOf(source, 5, 8)).toEqual({ page: 7, start: 0, end: 3 });
    expect(placeOf(source, 1, 7)).toEqual({ page: 3, start: 1, end: 3 });
    expect(placeOf(sourceText([]), 2, 4)).toEqual({ page: null, start: 2, end: 4 });
  });
});

describe("a long source's parts merged per field", () => {
  const text = sourceText([
    { page: 1, text: "Part one names Alice. Part two names Bob and the year 2009." },
  ]);
  it("keeps the best-grounded answer, and not found only when no part answers", () => {
    const f = field("date");
    const parts = [
      groundCell(f, { value: null, quote: null }, text),
      groundCell(f, { value: "2010", quote: "the year 2010 was invented" }, text),
      groundCell(f, { value: "2009", quote: "the year 2009" }, text),
    ];
    expect(mergeCells(f, parts)).toMatchObject({ value: "2009", mark: "exact" });
    const none = parts[0];
    if (!none) throw new Error("no part");
    expect(mergeCells(f, [none]).mark).toBe("not_found");
  });

  it("joins a list's grounded items from every part, each once", () => {
    const f = field("list");
    const parts = [
      groundCell(f, { value: ["Alice"], quote: "Part one names Alice" }, text),
      groundCell(f, { value: ["Bob", "Alice"], quote: "Part two names Bob" }, text),
      groundCell(f, { value: ["Carol"], quote: "Carol is not here at all" }, text),
    ];
    expect(mergeCells(f, parts).value).toEqual(["Alice", "Bob"]);
  });
});
