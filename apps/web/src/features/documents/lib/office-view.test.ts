import type { DocumentText, SheetView } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import {
  columnName,
  findInSheet,
  highlightLabel,
  markedRows,
  viewKind,
  visibleRows,
} from "./office-view.ts";

const SHEET: SheetView = {
  type: "sheet",
  name: "Sales",
  columns: 3,
  rows: [
    { r: 1, s: 7, e: 25, c: [{ v: "Day", t: "s" }, { v: "Amount", t: "s" }, null] },
    {
      r: 2,
      s: 26,
      e: 44,
      c: [
        { v: "1960-01-01", t: "d", n: 21916 },
        { v: "1,250.5", t: "n", n: 1250.5 },
      ],
    },
    {
      r: 3,
      s: 45,
      e: 63,
      c: [
        { v: "1960-01-02", t: "d", n: 21917 },
        { v: "12", t: "n", n: 12 },
      ],
    },
    {
      r: 11,
      s: 64,
      e: 82,
      c: [
        { v: "1960-01-03", t: "d", n: 21918 },
        { v: "99", t: "n", n: 99 },
      ],
    },
  ],
};

const page = (view: SheetView, label = "Sheet 1") => ({
  page: 1,
  label,
  text: "",
  ocr: false,
  passages: [],
  view,
});

describe("office view helpers", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });

  it("marks the rows a citation's range covers and labels them by the file's row numbers", () => {
    const ranges = [{ page: 1, start: 10, end: 70 }];
    expect([...markedRows(SHEET, ranges)]).toEqual([0, 1, 2, 3]);
    expect(highlightLabel(page(SHEET), ranges, false)).toBe("Sheet 1, rows 1–11");
    expect(highlightLabel(page(SHEET), [{ page: 1, start: 30, end: 40 }], false)).toBe(
      "Sheet 1, row 2",
    );
    // A CSV has one unnamed sheet.
    expect(highlightLabel(page(SHEET, "Text"), [{ page: 1, start: 30, end: 50 }], true)).toBe(
      "Rows 2–3",
    );
    // Off the grid (the sheet's name heading): the page's label.
    expect(highlightLabel(page(SHEET), [{ page: 1, start: 0, end: 5 }], false)).toBe("Sheet 1");
  });

  it("finds shown values, dates as dates, in reading order", () => {
    expect(findInSheet(SHEET, "1960-01")).toEqual([
      { row: 1, col: 0 },
      { row: 2, col: 0 },
      { row: 3, col: 0 },
    ]);
    expect(findInSheet(SHEET, "AMOUNT")).toEqual([{ row: 0, col: 1 }]);
    expect(findInSheet(SHEET, "21916")).toEqual([]);
    expect(findInSheet(SHEET, "  ")).toEqual([]);
  });

  it("renders only the rows in view (10,000 rows: a few dozen)", () => {
    const [first, last] = visibleRows({
      scrollTop: 28 * 5000,
      height: 560,
      rowHeight: 28,
      count: 10_000,
    });
    expect(first).toBe(4990);
    expect(last).toBe(5030);
    expect(visibleRows({ scrollTop: 0, height: 560, rowHeight: 28, count: 3 })).toEqual([0, 3]);
  });

  it("tells the view of a document from its pages", () => {
    const text: DocumentText = { pages: [page(SHEET)] };
    expect(viewKind(text)).toBe("sheet");
    expect(viewKind({ pages: [{ ...page(SHEET), view: undefined }] })).toBe("text");
  });
});
