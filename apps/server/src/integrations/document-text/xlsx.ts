import { isRtl, limitPages, limitText, requireText } from "./limits.ts";
import { attr, children, readRels } from "./ooxml.ts";
import { TextBuilder } from "./text-builder.ts";
import {
  type DocumentPage,
  type ParsedDocument,
  ParseFailure,
  type ParseOptions,
} from "./types.ts";
import { findAll, parseXml, textOf, type XNode } from "./xml.ts";
import { DAMAGED_MESSAGE, isOle, openZip, protectedMessage } from "./zip.ts";

/** XLSX: one page per sheet (its name as the heading), each row one line of " | "-joined cells. */

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

function cellText(cell: XNode, strings: string[]): string {
  const type = attr(cell, "t");
  const value = textOf(children(cell, "v"));
  if (type === "s") return strings[Number(value)] ?? "";
  if (type === "inlineStr")
    return findAll(children(cell, "is"), "t")
      .map((t) => textOf([t]))
      .join("");
  if (type === "b") return value === "1" ? "TRUE" : "FALSE";
  return value;
}

export function parseXlsx(options: ParseOptions): ParsedDocument {
  if (isOle(options.bytes)) throw new ParseFailure("encrypted", protectedMessage("spreadsheet"));
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  const workbook = zip.text("xl/workbook.xml");
  if (!workbook) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const rels = readRels(zip, "xl/workbook.xml");
  const strings = sharedStrings(zip.text("xl/sharedStrings.xml"));
  const sheets = findAll(parseXml(workbook), "sheet")
    .map((s) => ({ name: attr(s, "name") ?? "", part: rels.get(attr(s, "r:id") ?? "")?.target }))
    .filter((s): s is { name: string; part: string } => !!s.part && zip.has(s.part));
  limitPages(sheets.length, options.limits, "sheets");
  const pages: DocumentPage[] = [];
  sheets.forEach((sheet, index) => {
    options.onProgress?.({ stage: "parsing", page: index + 1, pages: sheets.length });
    const builder = new TextBuilder();
    builder.heading(1, sheet.name);
    const rows = findAll(parseXml(zip.text(sheet.part) ?? ""), "row").map((row) =>
      children(row, "c")
        .map((c) => cellText(c, strings).replace(/\s+/g, " ").trim())
        .join(" | ")
        .replace(/( \| )+$/, ""),
    );
    builder.lines(rows.filter((r) => r.replace(/[\s|]/g, "") !== "").join("\n"));
    const { text, headings } = builder.build();
    pages.push({ number: index + 1, text, ocr: false, headings });
  });
  if (!pages.some((p) => p.text.includes("\n")))
    requireText(pages.map((p) => ({ ...p, text: "" })));
  limitText(pages, options.limits);
  return { kind: "xlsx", pages, rtl: isRtl(pages.map((p) => p.text).join("\n")), warnings: [] };
}
