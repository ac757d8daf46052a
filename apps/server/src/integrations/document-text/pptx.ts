import type { SlideBlock } from "@nexus/contracts";
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

/**
 * PPTX: one page per slide in presentation order; the title is a heading, tables are rows of
 * cells (merged cells once), speaker notes follow. The slide view keeps the same blocks in order.
 */

function paragraphs(nodes: XNode[]): string[] {
  return findAll(nodes, "p").map((p) =>
    findAll([p], "t")
      .map((t) => textOf([t]))
      .join(""),
  );
}

/** Shapes and tables in document order (a table is a graphicFrame holding a:tbl). */
function shapesInOrder(nodes: XNode[], out: XNode[] = []): XNode[] {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.name === "sp" || (node.name === "graphicFrame" && findAll([node], "tbl").length))
      out.push(node);
    else shapesInOrder(node.children, out);
  }
  return out;
}

/** A slide's text into `builder`, and its blocks (title, paragraphs, tables) for the slide view. */
function slideText(nodes: XNode[], builder: TextBuilder): SlideBlock[] {
  const blocks: SlideBlock[] = [];
  const block = (k: "title" | "p" | "notes", text: string, at: [number, number] | null) => {
    if (at) blocks.push({ k, text: text.replace(/\s+/g, " ").trim(), s: at[0], e: at[1] });
  };
  for (const shape of shapesInOrder(nodes)) {
    if (typeof shape === "string") continue;
    if (shape.name === "graphicFrame") {
      const rows: Extract<SlideBlock, { k: "table" }>["rows"] = [];
      for (const row of findAll([shape], "tr")) {
        // A merged cell (hMerge/vMerge) is drawn by the cell it merges into: left out.
        const cells = findAll([row], "tc")
          .filter((c) => !/^(1|true)$/.test(attr(c, "hMerge") ?? attr(c, "vMerge") ?? ""))
          .map((c) => paragraphs([c]).join(" "));
        const at = builder.paragraph(cells.join(" | "));
        if (at)
          rows.push({ c: cells.map((c) => c.replace(/\s+/g, " ").trim()), s: at[0], e: at[1] });
      }
      if (rows.length) blocks.push({ k: "table", rows });
      continue;
    }
    const type = findAll([shape], "ph").map((ph) => attr(ph, "type"))[0];
    const texts = paragraphs(children(shape, "txBody"));
    if (type === "title" || type === "ctrTitle") {
      const title = texts.join(" ");
      block("title", title, builder.heading(1, title));
    } else for (const t of texts) block("p", t, builder.paragraph(t));
  }
  return blocks;
}

export function parsePptx(options: ParseOptions): ParsedDocument {
  if (isOle(options.bytes)) throw new ParseFailure("encrypted", protectedMessage("presentation"));
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  const presentation = zip.text("ppt/presentation.xml");
  if (!presentation) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const rels = readRels(zip, "ppt/presentation.xml");
  const slides = findAll(parseXml(presentation), "sldId")
    .map((s) => rels.get(attr(s, "r:id") ?? "")?.target)
    .filter((t): t is string => typeof t === "string" && zip.has(t));
  limitPages(slides.length, options.limits, "slides");
  const pages: DocumentPage[] = [];
  slides.forEach((part, index) => {
    options.onProgress?.({ stage: "parsing", page: index + 1, pages: slides.length });
    const builder = new TextBuilder();
    const blocks = slideText(parseXml(zip.text(part) ?? ""), builder);
    const notes = [...readRels(zip, part).values()].find((r) => r.type.endsWith("/notesSlide"));
    const notesXml = notes ? zip.text(notes.target) : null;
    if (notesXml) {
      const body = findAll(parseXml(notesXml), "sp")
        .filter((sp) => findAll([sp], "ph").some((ph) => attr(ph, "type") === "body"))
        .flatMap((sp) => paragraphs([sp]))
        .filter((t) => t.trim());
      const notes = `Notes: ${body.join(" ")}`;
      if (body.length) {
        const at = builder.paragraph(notes);
        if (at) blocks.push({ k: "notes", text: notes.slice(7).trim(), s: at[0] + 7, e: at[1] });
      }
    }
    const { text, headings } = builder.build();
    pages.push({ number: index + 1, text, ocr: false, headings, view: { type: "slide", blocks } });
  });
  requireText(pages);
  limitText(pages, options.limits);
  return { kind: "pptx", pages, rtl: isRtl(pages.map((p) => p.text).join("\n")), warnings: [] };
}
