import { isRtl, limitPages, limitText, requireText } from "./limits.ts";
import { odpSlide, odsRows } from "./odf-views.ts";
import { attr } from "./ooxml.ts";
import { sheetPage } from "./sheet-view.ts";
import { TextBuilder } from "./text-builder.ts";
import {
  type DocumentKind,
  type DocumentPage,
  type ParsedDocument,
  ParseFailure,
  type ParseOptions,
} from "./types.ts";
import { findAll, parseXml, type XNode } from "./xml.ts";
import { DAMAGED_MESSAGE, openZip } from "./zip.ts";

/**
 * OpenDocument (ODT, ODP, ODS) from content.xml: a text document is one page with its headings
 * (text:h and its outline level); a presentation has a page per draw:page, kept as a slide view
 * too; a spreadsheet a page per table, kept as a typed grid (odf-views.ts, as XLSX and PPTX are).
 */

const MAX_REPEAT = 100;

export function inline(nodes: XNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (node.name === "s")
      out += " ".repeat(Math.min(MAX_REPEAT, Number(attr(node, "text:c") ?? 1) || 1));
    else if (node.name === "tab") out += "\t";
    else if (node.name === "line-break") out += "\n";
    else if (node.name === "note-citation") continue;
    else if (node.name === "note") out += ` ${inline(node.children)} `;
    else out += inline(node.children);
  }
  return out;
}

function blocks(nodes: XNode[], builder: TextBuilder) {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.name === "h")
      builder.heading(Number(attr(node, "text:outline-level") ?? 1) || 1, inline(node.children));
    else if (node.name === "p") builder.paragraph(inline(node.children));
    else if (node.name === "table") table(node, builder);
    else blocks(node.children, builder);
  }
}

function table(node: XNode, builder: TextBuilder) {
  const lines: string[] = [];
  for (const row of findAll([node], "table-row")) {
    if (typeof row === "string") continue;
    const cells: string[] = [];
    for (const cell of row.children) {
      if (typeof cell === "string" || !cell.name.endsWith("table-cell")) continue;
      const text = findAll([cell], "p")
        .map((p) => (typeof p === "string" ? p : inline(p.children)))
        .join(" ")
        .trim();
      const repeat = Number(attr(cell, "table:number-columns-repeated") ?? 1) || 1;
      for (let i = 0; i < (text ? Math.min(repeat, MAX_REPEAT) : 1); i++) cells.push(text);
    }
    const line = cells
      .join(" | ")
      .replace(/( \| )+$/, "")
      .trim();
    if (line.replace(/[\s|]/g, "")) lines.push(line);
  }
  builder.lines(lines.join("\n"));
}

export function parseOdf(options: ParseOptions & { kind: DocumentKind }): ParsedDocument {
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  const content = zip.text("content.xml");
  if (!content) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const body = findAll(parseXml(content), "body")[0];
  if (!body || typeof body === "string") throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const units =
    options.kind === "odp"
      ? findAll([body], "page")
      : options.kind === "ods"
        ? findAll([body], "table")
        : [body];
  limitPages(units.length, options.limits, options.kind === "ods" ? "sheets" : "pages");
  const pages: DocumentPage[] = units.map((unit, index) => {
    options.onProgress?.({ stage: "parsing", page: index + 1, pages: units.length });
    const name = attr(unit, "table:name") ?? `Sheet ${index + 1}`;
    if (options.kind === "ods") {
      const { text, headings, view } = sheetPage(name, odsRows(unit, inline));
      return { number: index + 1, text, ocr: false, headings, view };
    }
    const builder = new TextBuilder();
    if (options.kind === "odp") {
      const blocks = odpSlide(unit, builder, inline);
      const { text, headings } = builder.build();
      return { number: index + 1, text, ocr: false, headings, view: { type: "slide", blocks } };
    }
    blocks(typeof unit === "string" ? [] : unit.children, builder);
    const { text, headings } = builder.build();
    return { number: index + 1, text, ocr: false, headings };
  });
  requireText(pages);
  limitText(pages, options.limits);
  return {
    kind: options.kind,
    pages,
    rtl: isRtl(pages.map((p) => p.text).join("\n")),
    warnings: [],
  };
}
