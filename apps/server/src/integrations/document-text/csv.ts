import { decodeText } from "./decode.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import type { ParsedDocument, ParseOptions } from "./types.ts";

/**
 * CSV (or TSV/semicolon) as rows: one line of text per record, cells joined by " | ". Quoted
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

export function parseCsv(options: ParseOptions): ParsedDocument {
  const text = decodeText(options.bytes);
  const rows = parseCsvRows(text);
  const lines = rows.map((cells) =>
    cells.map((c) => c.replace(/\s*[\r\n]+\s*/g, " ").trim()).join(" | "),
  );
  const page = { number: 1, text: lines.join("\n"), ocr: false };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "csv", pages: [page], rtl: isRtl(page.text), warnings: [] };
}
