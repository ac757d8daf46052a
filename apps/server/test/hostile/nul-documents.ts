import { strToU8, zipSync } from "fflate";

/**
 * Small office documents whose text holds U+0000 (which PostgreSQL's text and jsonb refuse) and a
 * lone surrogate, both as character references (`&#0;`, `&#xD800;`: mammoth's XML parser decodes
 * them, so a DOCX's text holds them) and U+0000 as a raw byte (XML forbids it, yet fast-xml-parser,
 * which reads XLSX, PPTX and ODF, passes it through; it drops the references). Each holds the words BEFORE_NUL and AFTER_NUL on both
 * sides of them, so a test can tell the text around them was kept and is searchable.
 */

export const BEFORE_NUL = "lighthouse keepers";
export const AFTER_NUL = "tidal gauges";
/** The paragraph as written in the XML: NULs and a lone surrogate between the two phrases. */
const PARAGRAPH = `The ${BEFORE_NUL} &#0; logged\u0000 the &#xD800; ${AFTER_NUL} every evening.`;
/** A heading with NULs inside a word, for the heading path. */
const HEADING = "Fres&#0;ne\u0000l lenses";

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

function zip(files: Record<string, string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  return zipSync(entries);
}

function rels(items: Array<{ id: string; type: string; target: string }>): string {
  const body = items
    .map((r) => `<Relationship Id="${r.id}" Type="${REL}/${r.type}" Target="${r.target}"/>`)
    .join("");
  return `${XML}<Relationships xmlns="${PKG_REL}">${body}</Relationships>`;
}

export function nulDocx(): Uint8Array {
  const w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  return zip({
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": rels([{ id: "rId1", type: "officeDocument", target: "word/document.xml" }]),
    "word/document.xml": `${XML}<w:document xmlns:w="${w}"><w:body><w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${HEADING}</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">${PARAGRAPH}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

export function nulXlsx(): Uint8Array {
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  return zip({
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    "_rels/.rels": rels([{ id: "rId1", type: "officeDocument", target: "xl/workbook.xml" }]),
    "xl/workbook.xml": `${XML}<workbook xmlns="${main}" xmlns:r="${REL}"><sheets><sheet name="Log\u0000book" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": rels([
      { id: "rId1", type: "worksheet", target: "worksheets/sheet1.xml" },
      { id: "rId2", type: "sharedStrings", target: "sharedStrings.xml" },
    ]),
    "xl/sharedStrings.xml": `${XML}<sst xmlns="${main}" count="1" uniqueCount="1"><si><t>${PARAGRAPH}</t></si></sst>`,
    "xl/worksheets/sheet1.xml": `${XML}<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>${HEADING}</t></is></c></row></sheetData></worksheet>`,
  });
}

export function nulPptx(): Uint8Array {
  const p = "http://schemas.openxmlformats.org/presentationml/2006/main";
  const a = "http://schemas.openxmlformats.org/drawingml/2006/main";
  const shape = (ph: string, text: string) =>
    `<p:sp><p:nvSpPr><p:nvPr><p:ph type="${ph}"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
  return zip({
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    "_rels/.rels": rels([{ id: "rId1", type: "officeDocument", target: "ppt/presentation.xml" }]),
    "ppt/presentation.xml": `${XML}<p:presentation xmlns:p="${p}" xmlns:r="${REL}"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": rels([
      { id: "rId1", type: "slide", target: "slides/slide1.xml" },
    ]),
    "ppt/slides/slide1.xml": `${XML}<p:sld xmlns:p="${p}" xmlns:a="${a}"><p:cSld><p:spTree>${shape("title", HEADING)}${shape("body", PARAGRAPH)}</p:spTree></p:cSld></p:sld>`,
  });
}

export function nulOdt(): Uint8Array {
  const mimetype = "application/vnd.oasis.opendocument.text";
  const content = `${XML}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:text><text:h text:outline-level="1">${HEADING}</text:h><text:p>${PARAGRAPH}</text:p></office:text></office:body></office:document-content>`;
  // ODF: `mimetype` first and stored (not deflated), as detectKind reads it from the head.
  return zipSync({
    mimetype: [strToU8(mimetype), { level: 0 }],
    "META-INF/manifest.xml": strToU8(
      `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/></manifest:manifest>`,
    ),
    "content.xml": strToU8(content),
  });
}

/** The four, with the names and types a browser would send. */
export const NUL_DOCUMENTS = [
  {
    name: "nul.docx",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    kind: "docx",
    make: nulDocx,
  },
  {
    name: "nul.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    kind: "xlsx",
    make: nulXlsx,
  },
  {
    name: "nul.pptx",
    type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    kind: "pptx",
    make: nulPptx,
  },
  { name: "nul.odt", type: "application/vnd.oasis.opendocument.text", kind: "odt", make: nulOdt },
] as const;
