import type { SheetView, ViewCell } from "@nexus/contracts";
import { cleanText } from "./clean-text.ts";
import { TextBuilder } from "./text-builder.ts";

/**
 * One sheet (XLSX, ODS, CSV) as a page: its text (the name as a heading, then one line per
 * non-empty row, cells joined by " | ") and its grid view, each row with its [start, end) in that
 * text so a citation's range names its rows. Columns past MAX_VIEW_COLUMNS stay in the text only.
 */

export const MAX_VIEW_COLUMNS = 512;

export interface SheetRow {
  /** The row's number in the file (1-based). */
  r: number;
  cells: Array<ViewCell | null>;
}

const cellText = (c: ViewCell | null) => (c ? cleanText(c.v).replace(/\s+/g, " ").trim() : "");

export function sheetPage(
  name: string | null,
  rows: readonly SheetRow[],
): { text: string; headings: TextBuilder["headings"]; view: SheetView } {
  const builder = new TextBuilder();
  if (name !== null) builder.heading(1, name);
  const kept: Array<{ row: SheetRow; line: string }> = [];
  for (const row of rows) {
    const line = row.cells
      .map(cellText)
      .join(" | ")
      .replace(/( \| )+$/, "");
    if (line.replace(/[\s|]/g, "") !== "") kept.push({ row, line });
  }
  builder.lines(kept.map((k) => k.line).join("\n"));
  const { text, headings } = builder.build();
  let at = headings.length ? (headings[0]?.offset ?? 0) + (headings[0]?.text.length ?? 0) : 0;
  let columns = 0;
  const viewRows: SheetView["rows"] = [];
  for (const { row, line } of kept) {
    const needle = line.trim();
    const s = text.indexOf(needle, at);
    const start = s < 0 ? at : s;
    const end = s < 0 ? at : s + needle.length;
    at = end;
    let last = row.cells.length;
    while (last > 0 && !row.cells[last - 1]) last--;
    const c = row.cells
      .slice(0, Math.min(last, MAX_VIEW_COLUMNS))
      .map((cell) => (cell ? { ...cell, v: cleanText(cell.v) } : null));
    columns = Math.max(columns, c.length);
    viewRows.push({ r: row.r, s: start, e: end, c });
  }
  return { text, headings, view: { type: "sheet", name: name ?? "", columns, rows: viewRows } };
}
