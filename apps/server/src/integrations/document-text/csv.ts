import type { ViewCell } from "@nexus/contracts";
import { decodeText } from "./decode.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import { sheetPage } from "./sheet-view.ts";
import type { ParsedDocument, ParseOptions } from "./types.ts";

/**
 * CSV (or TSV/semicolon) as rows: one line of text per record, cells joined by " | ", and a grid
 * view of typed cells (numbers, ISO dates). Quoted
 * fields keep their commas and doubled quotes; a line break inside a quoted field stays inside its
 * row (as a space), so a row is never split.
 */

function separatorOf(text: string): string {
  const head = text.slice(0, 4096).split("\n").slice(0, 5).join("\n");
  const count = (s: string) => head.split(s).length - 1;
  return [",", ";", "\t"].reduce((best, s) => (count(s) > count(best) ? s : best), ",");
}

export function parseCsvRows(text: string, sep = separatorOf(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?%?$/;
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A CSV field as a typed cell: numbers and ISO dates are told apart, the text kept as written. */
export function csvCell(field: string): ViewCell | null {
  const v = field.replace(/\s*[\r\n]+\s*/g, " ").trim();
  if (!v) return null;
  if (/\d/.test(v) && NUMBER.test(v)) {
    const n = Number(v.replaceAll(",", "").replace(/%$/, ""));
    if (Number.isFinite(n)) return { v, t: "n", n: v.endsWith("%") ? n / 100 : n };
  }
  if (DATE.test(v) && !Number.isNaN(Date.parse(v))) return { v, t: "d" };
  return { v, t: "s" };
}

export function parseCsv(options: ParseOptions): ParsedDocument {
  const text = decodeText(options.bytes);
  const rows = parseCsvRows(text).map((cells, i) => ({ r: i + 1, cells: cells.map(csvCell) }));
  const sheet = sheetPage(null, rows);
  const page = { number: 1, text: sheet.text, ocr: false, view: sheet.view };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "csv", pages: [page], rtl: isRtl(page.text), warnings: [] };
}
