import {
  type DocumentText,
  type PageRange,
  type PageView,
  rowsOfRange,
  type SheetView,
  sheetRangeLabel,
} from "@nexus/contracts";

/**
 * Pure helpers of the office views (office-views.tsx): which rows or blocks a citation marks, the
 * label it shows ("Sheet 1, rows 1–11"), find over a grid's cells, column letters.
 */

/** "A", "B", …, "Z", "AA": a sheet's column letters (0-based index). */
export function columnName(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Does [s, e) overlap any range? */
export const overlaps = (s: number, e: number, ranges: readonly PageRange[]) =>
  ranges.some((r) => r.start < e && r.end > s);

/** The indexes (into view.rows) of the rows a highlight's ranges on this page cover. */
export function markedRows(view: SheetView, ranges: readonly PageRange[]): Set<number> {
  const out = new Set<number>();
  view.rows.forEach((row, i) => {
    if (overlaps(row.s, row.e, ranges)) out.add(i);
  });
  return out;
}

/** What kind of view a document has: the first page's view type, or "text". */
export function viewKind(text: DocumentText): PageView["type"] | "text" {
  const kinds = new Set(text.pages.map((p) => p.view?.type ?? "text"));
  if (kinds.size !== 1) return "text";
  return [...kinds][0] ?? "text";
}

/**
 * Where a highlight is, in words: "Sheet 1, rows 1–11" on a sheet ("Rows 2–5" in a CSV, whose one
 * sheet has no name), else the page's label ("Slide 3").
 */
export function highlightLabel(
  page: { label: string; view?: PageView | undefined },
  ranges: readonly PageRange[],
  csv: boolean,
): string {
  if (page.view?.type !== "sheet" || ranges.length === 0) return page.label;
  const start = Math.min(...ranges.map((r) => r.start));
  const end = Math.max(...ranges.map((r) => r.end));
  const rows = rowsOfRange(page.view, start, end);
  return rows ? sheetRangeLabel(csv ? null : page.label, rows) : page.label;
}

export interface CellMatch {
  /** Index into view.rows. */
  row: number;
  col: number;
}

/** Every cell whose shown value contains the query (case-insensitive), in reading order. */
export function findInSheet(view: SheetView, query: string, max = 5_000): CellMatch[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const out: CellMatch[] = [];
  for (let row = 0; row < view.rows.length && out.length < max; row++) {
    const cells = view.rows[row]?.c ?? [];
    for (let col = 0; col < cells.length; col++)
      if (cells[col]?.v.toLocaleLowerCase().includes(needle)) out.push({ row, col });
  }
  return out;
}

/** The visible slice of a virtualised list: [first, last) rows with `overscan` either side. */
export function visibleRows(options: {
  scrollTop: number;
  height: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): [number, number] {
  const { scrollTop, height, rowHeight, count } = options;
  const overscan = options.overscan ?? 10;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return [first, Math.max(first, last)];
}
