import type { ViewCell } from "@nexus/contracts";
import { isRtl, limitPages, limitText, requireText } from "./limits.ts";
import { attr, children, readRels } from "./ooxml.ts";
import { columnOf, formatOf, type NumberFormat, typedCell } from "./sheet-cells.ts";
import { MAX_VIEW_COLUMNS, type SheetRow, sheetPage } from "./sheet-view.ts";
import {
  type DocumentPage,
  type ParsedDocument,
  ParseFailure,
  type ParseOptions,
} from "./types.ts";
import { findAll, parseXml, textOf, type XNode } from "./xml.ts";
import { DAMAGED_MESSAGE, isOle, openZip, protectedMessage } from "./zip.ts";

/**
 * XLSX: one page per sheet (its name as the heading), each row one line of " | "-joined cells,
 * typed (dates as dates, numbers as their format shows them) and kept as a grid view too.
 */

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  return findAll(parseXml(xml), "si").map((si) =>
    // Phonetic runs (rPh) repeat the text in another script: left out.
    findAll(
      children(si).filter((c) => typeof c === "string" || c.name !== "rPh"),
      "t",
    )
      .map((t) => textOf([t]))
      .join(""),
  );
}

/** The number format of each cell style (cellXfs index → format), from xl/styles.xml. */
function cellFormats(xml: string | null): NumberFormat[] {
  if (!xml) return [];
  const tree = parseXml(xml);
  const custom = new Map<number, string>();
  for (const f of findAll(tree, "numFmt"))
    custom.set(Number(attr(f, "numFmtId")), attr(f, "formatCode") ?? "General");
  const xfs = findAll(tree, "cellXfs")[0];
  return (xfs ? children(xfs, "xf") : []).map((xf) =>
    formatOf(Number(attr(xf, "numFmtId") ?? 0) || 0, custom),
  );
}

const GENERAL = formatOf(0, new Map());

function cellOf(
  cell: XNode,
  strings: string[],
  formats: NumberFormat[],
  date1904: boolean,
): ViewCell | null {
  const type = attr(cell, "t");
  const value = textOf(children(cell, "v"));
  const raw =
    type === "s"
      ? (strings[Number(value)] ?? "")
      : type === "inlineStr"
        ? findAll(children(cell, "is"), "t")
            .map((t) => textOf([t]))
            .join("")
        : value;
  const format = formats[Number(attr(cell, "s") ?? 0) || 0] ?? GENERAL;
  return typedCell(raw, type, format, date1904);
}

/** The rows of a sheet part, each cell at its column (from its `r`, else after the previous). */
function sheetRows(
  xml: string,
  strings: string[],
  formats: NumberFormat[],
  date1904: boolean,
): SheetRow[] {
  let next = 1;
  return findAll(parseXml(xml), "row").map((row) => {
    const r = Number(attr(row, "r")) || next;
    next = r + 1;
    const cells: Array<ViewCell | null> = [];
    for (const c of children(row, "c")) {
      const col = columnOf(attr(c, "r")) ?? cells.length;
      // A cell far to the right (XFD1) would make a huge sparse row: the view stops at its limit.
      if (col >= MAX_VIEW_COLUMNS * 4) continue;
      while (cells.length < col) cells.push(null);
      cells[col] = cellOf(c, strings, formats, date1904);
    }
    return { r, cells };
  });
}

export function parseXlsx(options: ParseOptions): ParsedDocument {
  if (isOle(options.bytes)) throw new ParseFailure("encrypted", protectedMessage("spreadsheet"));
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  const workbook = zip.text("xl/workbook.xml");
  if (!workbook) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const rels = readRels(zip, "xl/workbook.xml");
  const strings = sharedStrings(zip.text("xl/sharedStrings.xml"));
  const formats = cellFormats(zip.text("xl/styles.xml"));
  const book = parseXml(workbook);
  const date1904 = findAll(book, "workbookPr").some((p) =>
    /^(1|true)$/i.test(attr(p, "date1904") ?? ""),
  );
  const sheets = findAll(book, "sheet")
    .map((s) => ({ name: attr(s, "name") ?? "", part: rels.get(attr(s, "r:id") ?? "")?.target }))
    .filter((s): s is { name: string; part: string } => !!s.part && zip.has(s.part));
  limitPages(sheets.length, options.limits, "sheets");
  const pages: DocumentPage[] = [];
  sheets.forEach((sheet, index) => {
    options.onProgress?.({ stage: "parsing", page: index + 1, pages: sheets.length });
    const rows = sheetRows(zip.text(sheet.part) ?? "", strings, formats, date1904);
    const { text, headings, view } = sheetPage(sheet.name, rows);
    pages.push({ number: index + 1, text, ocr: false, headings, view });
  });
  if (!pages.some((p) => p.text.includes("\n")))
    requireText(pages.map((p) => ({ ...p, text: "" })));
  limitText(pages, options.limits);
  return { kind: "xlsx", pages, rtl: isRtl(pages.map((p) => p.text).join("\n")), warnings: [] };
}
