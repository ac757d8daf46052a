import path from "node:path";
import { htmlToText } from "./html-text.ts";
import { isRtl, limitPages, limitText, requireText } from "./limits.ts";
import { attr, resolvePart } from "./ooxml.ts";
import { safeHtmlView } from "./safe-html.ts";
import {
  type DocumentPage,
  type ParsedDocument,
  ParseFailure,
  type ParseOptions,
} from "./types.ts";
import { findAll, parseXml, textOf } from "./xml.ts";
import { DAMAGED_MESSAGE, openZip } from "./zip.ts";

/**
 * EPUB: META-INF/container.xml names the package (OPF); its spine gives the chapters in reading
 * order, one page each, read as HTML (linkedom: no scripts, nothing loaded) and kept as a sanitised
 * formatted view (safe-html.ts, as DOCX is), so the viewer shows the book chapter by chapter.
 * Paths stay inside the archive's names: nothing is written anywhere, so a "../" name is just a
 * name we do not find.
 */

/** The inside of an XHTML chapter's body (its head, title and styles are not the chapter's text). */
function bodyOf(html: string): string {
  const open = /<body\b[^>]*>/i.exec(html);
  if (!open) return html;
  const rest = html.slice(open.index + open[0].length);
  const close = rest.search(/<\/body\s*>/i);
  return close < 0 ? rest : rest.slice(0, close);
}

export function parseEpub(options: ParseOptions): ParsedDocument {
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  const container = zip.text("META-INF/container.xml");
  const opfPath = container
    ? findAll(parseXml(container), "rootfile").map((r) => attr(r, "full-path"))[0]
    : undefined;
  const opf = opfPath ? zip.text(opfPath) : null;
  if (!opfPath || !opf) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const pkg = parseXml(opf);
  const manifest = new Map<string, { href: string; type: string }>();
  for (const item of findAll(pkg, "item")) {
    const id = attr(item, "id");
    const href = attr(item, "href");
    if (id && href)
      manifest.set(id, { href: resolvePart(opfPath, href), type: attr(item, "media-type") ?? "" });
  }
  const chapters = findAll(pkg, "itemref")
    .map((ref) => manifest.get(attr(ref, "idref") ?? ""))
    .filter(
      (m): m is { href: string; type: string } => !!m && /html|xml/.test(m.type) && zip.has(m.href),
    );
  limitPages(chapters.length, options.limits, "chapters");
  const title = textOf(findAll(pkg, "title").slice(0, 1)).trim() || undefined;
  const pages: DocumentPage[] = chapters.map((chapter, index) => {
    options.onProgress?.({ stage: "parsing", page: index + 1, pages: chapters.length });
    const html = zip.text(chapter.href) ?? "";
    const { text, headings } = htmlToText(html).build();
    return {
      number: index + 1,
      text,
      ocr: false,
      headings,
      view: safeHtmlView(bodyOf(html), text),
    };
  });
  requireText(pages);
  limitText(pages, options.limits);
  return {
    kind: "epub",
    title: title ?? (options.name ? path.parse(options.name).name : undefined),
    pages,
    rtl: isRtl(pages.map((p) => p.text).join("\n")),
    warnings: [],
  };
}
