import { type FilePassagePlace, fileCitationTitle } from "@nexus/contracts";
import { type SQL, sql } from "drizzle-orm";

/** Kinds whose page is a sheet of rows, one line each (xlsx.ts, odf.ts, csv.ts). */
const SHEET_KINDS = new Set(["xlsx", "ods", "csv"]);
/** Sheets open with their name as a heading line and a blank line (TextBuilder.heading). */
const SHEET_HEADING_LINES = 2;

/**
 * SQL columns `kind` and `lines_before` for the chunk `chunk` of the file `file` (table aliases):
 * for a spreadsheet, how many line breaks its page text holds before the chunk. The chunks of a
 * page tile its text with only whitespace between them (chunker.ts), and a sheet's rows are
 * trimmed lines, so what lies between them is line breaks: the count is the chunk's start minus
 * the characters of the earlier chunks of the page that are not line breaks.
 */
export function placeColumns(chunk: string, file: string): SQL {
  const c = sql.raw(chunk);
  const f = sql.raw(file);
  return sql`${f}.kind as kind,
    case when ${f}.kind in ('xlsx', 'ods', 'csv') then (
      select ${c}.char_start - coalesce(sum(length(replace(p.content, chr(10), ''))), 0)
      from file_chunks p
      where p.file_id = ${c}.file_id and p.page = ${c}.page and p.ordinal < ${c}.ordinal
    ) end::int as lines_before`;
}

export interface PlacedRow {
  file_id: string;
  ordinal: number;
  name: string;
  page: number;
  heading_path: string;
  content: string;
  kind: string;
  lines_before: number | null;
}

const lineBreaks = (text: string) => text.split("\n").length - 1;

/** The filled rows [first, last] (1-based) a spreadsheet passage holds; none for other kinds. */
export function rowsOf(row: PlacedRow): [number, number] | undefined {
  if (!SHEET_KINDS.has(row.kind) || row.lines_before === null) return undefined;
  const offset = row.kind === "csv" ? 0 : SHEET_HEADING_LINES;
  const first = Math.max(1, Number(row.lines_before) - offset + 1);
  const last = Number(row.lines_before) + lineBreaks(row.content) - offset + 1;
  return last >= first ? [first, last] : undefined;
}

export function placeOf(row: PlacedRow, rows = rowsOf(row)): FilePassagePlace {
  return {
    kind: row.kind,
    ...(row.heading_path ? { heading: row.heading_path } : {}),
    ...(rows ? { rows } : {}),
  };
}

/** "report.pdf, p. 3", "sales.xlsx, Sheet Q1, rows 2–40", "deck.pptx, slide 4", "notes.docx, Methods". */
export function placedTitle(row: PlacedRow, rows = rowsOf(row)): string {
  return fileCitationTitle(row.name, row.page, placeOf(row, rows));
}

/**
 * Passages that would be labelled alike become one source (one card, one number): those of one
 * page of a PDF, one slide, one section of a document, one sheet. In the order of the best of
 * them, their contents in document order, a sheet's rows spanning them all; the best one's score.
 */
export function mergeSamePage<T extends PlacedRow>(
  rows: readonly T[],
  scoreOf: (row: T) => number,
): Array<{ row: T; rows: [number, number] | undefined; score: number }> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    // One card per label: a PDF's page, a slide, a document's section, a spreadsheet's sheet
    // (its rows then span the passages).
    const key = `${row.file_id}:${SHEET_KINDS.has(row.kind) ? `page ${row.page}` : placedTitle(row)}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group) => {
    const best = group[0] as T;
    const ordered = [...group].sort((a, b) => a.ordinal - b.ordinal);
    const spans = ordered.map((r) => rowsOf(r)).filter((r) => r !== undefined);
    const first = spans[0];
    const last = spans.at(-1);
    const merged: T = {
      ...best,
      heading_path: ordered[0]?.heading_path ?? best.heading_path,
      content: ordered.map((r) => r.content).join("\n\n"),
    };
    return {
      row: merged,
      rows: first && last ? [first[0], last[1]] : undefined,
      score: Math.max(...group.map(scoreOf)),
    };
  });
}
