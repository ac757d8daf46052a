import { strToU8, zipSync } from "fflate";
import mammoth from "mammoth";
import { htmlToText } from "./html-text.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import { safeHtmlView } from "./safe-html.ts";
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";
import { withoutDoctype } from "./xml.ts";
import {
  DAMAGED_MESSAGE,
  isOle,
  openZip,
  protectedMessage,
  readCentralDirectory,
  refuseLargeTextPart,
} from "./zip.ts";

/**
 * DOCX through mammoth's HTML output (headings h1–h6 from the Word heading styles, tables in
 * reading order, footnotes and endnotes at the end). Mammoth unzips on its own, so the archive is
 * first read by our bounded unzip (declared and actual sizes, the expansion limit), every XML part
 * loses its DOCTYPE (external entities are never resolved; entity bombs are refused), and mammoth
 * gets that rebuilt archive. A part declared over MAX_TEXT_PART_BYTES is refused before any
 * inflating (zip.ts). A password-protected file is an OLE container, not a ZIP.
 */

export const PROTECTED_MESSAGE = protectedMessage("document");

const MAMMOTH_PARTS = /\.(xml|rels)$/i;

function sanitizedArchive(options: ParseOptions): Uint8Array {
  // Every part mammoth would read, checked from the central directory before any is inflated.
  for (const entry of readCentralDirectory(options.bytes) ?? [])
    if (MAMMOTH_PARTS.test(entry.name)) refuseLargeTextPart(entry);
  const zip = openZip(options.bytes, options.limits.maxExpandedBytes);
  if (!zip.has("word/document.xml")) throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  const files: Record<string, Uint8Array> = {};
  for (const name of zip.names) {
    if (name.endsWith("/")) continue;
    // Only the parts mammoth reads: XML, relationships and images (for alt text it skips anyway).
    if (!MAMMOTH_PARTS.test(name)) continue;
    const text = zip.text(name);
    if (text !== null) files[name] = strToU8(withoutDoctype(text));
  }
  return zipSync(files, { level: 0 });
}

export async function parseDocx(options: ParseOptions): Promise<ParsedDocument> {
  if (isOle(options.bytes)) throw new ParseFailure("encrypted", PROTECTED_MESSAGE);
  const archive = sanitizedArchive(options);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength) },
      {
        includeDefaultStyleMap: true,
        styleMap: ["comment-reference => sup"],
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      },
    );
    // Footnote back-links ("↑") are navigation, not text.
    html = result.value.replace(/<a href="#[^"]*"[^>]*>↑<\/a>/g, "");
  } catch {
    throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  }
  const { text, headings } = htmlToText(html).build();
  const page = { number: 1, text, ocr: false, headings, view: safeHtmlView(html, text) };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "docx", pages: [page], rtl: isRtl(text), warnings: [] };
}
