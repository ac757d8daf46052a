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

/** PPTX: one page per slide in presentation order; the title is a heading, speaker notes follow. */

function paragraphs(nodes: XNode[]): string[] {
  return findAll(nodes, "p").map((p) =>
    findAll([p], "t")
      .map((t) => textOf([t]))
      .join(""),
  );
}

function slideText(nodes: XNode[], builder: TextBuilder) {
  for (const shape of findAll(nodes, "sp")) {
    const type = findAll([shape], "ph").map((ph) => attr(ph, "type"))[0];
    const texts = paragraphs(children(shape, "txBody"));
    if (type === "title" || type === "ctrTitle") builder.heading(1, texts.join(" "));
    else for (const t of texts) builder.paragraph(t);
  }
  for (const frame of findAll(nodes, "graphicFrame"))
    for (const row of findAll([frame], "tr"))
      builder.paragraph(
        findAll([row], "tc")
          .map((c) => paragraphs([c]).join(" "))
          .join(" | "),
      );
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
    slideText(parseXml(zip.text(part) ?? ""), builder);
    const notes = [...readRels(zip, part).values()].find((r) => r.type.endsWith("/notesSlide"));
    const notesXml = notes ? zip.text(notes.target) : null;
    if (notesXml) {
      const body = findAll(parseXml(notesXml), "sp")
        .filter((sp) => findAll([sp], "ph").some((ph) => attr(ph, "type") === "body"))
        .flatMap((sp) => paragraphs([sp]))
        .filter((t) => t.trim());
      if (body.length) builder.paragraph(`Notes: ${body.join(" ")}`);
    }
    const { text, headings } = builder.build();
    pages.push({ number: index + 1, text, ocr: false, headings });
  });
  requireText(pages);
  limitText(pages, options.limits);
  return { kind: "pptx", pages, rtl: isRtl(pages.map((p) => p.text).join("\n")), warnings: [] };
}
