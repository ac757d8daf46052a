import { parseCsvRows } from "./csv.ts";
import type { DocumentKind } from "./types.ts";
import { openZip, readCentralDirectory, readLocalNames } from "./zip.ts";

/**
 * The kind of a file from its bytes; the name's extension is only a hint between text kinds
 * (Markdown vs. CSV vs. plain text), never for binary formats: a file that is not what its
 * extension says is judged by its bytes. Returns null for anything we do not read.
 *
 * Give it the whole file (`detectKind(bytes)`): ZIP containers (DOCX, PPTX, XLSX, ODF, EPUB) are
 * told apart by their entry names, read from the central directory at the end of the file. With
 * only a head, the local headers inside it are walked instead (ODF and EPUB store `mimetype`
 * first, so 64 bytes decide them; OOXML usually needs more).
 */

const ODF: Record<string, DocumentKind> = {
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.presentation": "odp",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "application/epub+zip": "epub",
};

const TEXT_SCAN = 64 * 1024;

function startsWith(bytes: Uint8Array, ascii: string, at = 0): boolean {
  if (bytes.length < at + ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

/** An OLE/CFB container holding an encrypted OOXML package (password-protected Office file). */
function isEncryptedOffice(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (!magic.every((b, i) => bytes[i] === b)) return false;
  const needle = Buffer.from("EncryptedPackage", "utf16le");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

const ZIP_EXTENSIONS: Record<string, DocumentKind> = {
  docx: "docx",
  pptx: "pptx",
  xlsx: "xlsx",
  odt: "odt",
  odp: "odp",
  ods: "ods",
  epub: "epub",
};

const ENCRYPTED_KINDS: Record<string, DocumentKind> = { docx: "docx", xlsx: "xlsx", pptx: "pptx" };

function extensionOf(name?: string): string {
  return (name ?? "").toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
}

function zipKind(bytes: Uint8Array, name?: string): DocumentKind | null {
  // ODF and EPUB: a stored `mimetype` entry first, its content right after the 38-byte header.
  if (startsWith(bytes, "mimetype", 30)) {
    const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(18, true);
    const extra = new DataView(bytes.buffer, bytes.byteOffset).getUint16(28, true);
    const start = 38 + extra;
    const type = new TextDecoder().decode(bytes.subarray(start, start + Math.min(size, 100)));
    const kind = ODF[type.trim()];
    if (kind) return kind;
  }
  const directory = readCentralDirectory(bytes);
  const names = directory?.map((e) => e.name) ?? readLocalNames(bytes);
  if (names.includes("mimetype")) {
    // `mimetype` not stored first (some EPUBs): read it through the central directory.
    try {
      const kind = ODF[(openZip(bytes, 4096).text("mimetype") ?? "").trim()];
      if (kind) return kind;
    } catch {
      // unreadable: decided by the other names below
    }
  }
  if (names.includes("word/document.xml")) return "docx";
  if (names.some((n) => n.startsWith("ppt/"))) return "pptx";
  if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
  if (names.includes("META-INF/container.xml") && names.some((n) => n.endsWith(".opf")))
    return "epub";
  // A ZIP cut short (no central directory, so no names to judge by): the extension of a container
  // kind is taken, and the parser then reports it damaged rather than "unsupported".
  if (!directory) return ZIP_EXTENSIONS[extensionOf(name)] ?? null;
  return null;
}

function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, TEXT_SCAN);
  let control = 0;
  for (let i = 0; i < end; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control > end / 100 + 1;
}

function textHead(bytes: Uint8Array): string {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  // latin1 keeps one character per byte: enough for ASCII markers in any ASCII-compatible charset.
  return Buffer.from(bytes.subarray(start, Math.min(bytes.length, TEXT_SCAN))).toString("latin1");
}

/** Rows of one shape (quotes respected): at least two, with at least two cells each. */
function looksLikeCsv(text: string): boolean {
  const head = text.slice(0, 16 * 1024);
  const complete = head.length < text.length ? head.slice(0, head.lastIndexOf("\n")) : head;
  for (const sep of [",", ";", "\t"]) {
    const rows = parseCsvRows(complete, sep).slice(0, 50);
    const first = rows[0]?.length ?? 0;
    if (
      rows.length >= 2 &&
      first >= 2 &&
      rows.filter((r) => r.length === first).length >= rows.length * 0.9
    )
      return true;
  }
  return false;
}

function looksLikeMarkdown(text: string): boolean {
  const marks = [
    /^#{1,6} \S/m,
    /^\s*[-*+] \S/m,
    /^\s*\d+\. \S/m,
    /\[[^\]]+\]\([^)]+\)/,
    /^```/m,
    /^>\s/m,
    /\*\*[^*]+\*\*/,
  ];
  return marks.filter((m) => m.test(text)).length >= 2;
}

export function detectKind(head: Uint8Array, name?: string): DocumentKind | null {
  if (head.length === 0) return null;
  if (startsWith(head, "%PDF-")) return "pdf";
  if (startsWith(head, "PK\x03\x04")) return zipKind(head, name);
  // The encrypted package does not say what it holds: the extension names the kind (a protected
  // spreadsheet is labelled a spreadsheet), Word when it names none of the three.
  if (isEncryptedOffice(head)) return ENCRYPTED_KINDS[extensionOf(name)] ?? "docx";
  // UTF-16 text has NULs; only with a BOM is it text to us.
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && looksBinary(head)) return null;
  const text = utf16
    ? new TextDecoder(head[0] === 0xff ? "utf-16le" : "utf-16be").decode(
        head.subarray(0, TEXT_SCAN),
      )
    : textHead(head);
  const lead = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/, "")
    .slice(0, 1024)
    .toLowerCase();
  if (/^(<!doctype html|<html[\s>])/.test(lead)) return "html";
  const ext = extensionOf(name);
  if (["md", "markdown", "mdown", "mkd"].includes(ext)) return "markdown";
  if (["csv", "tsv"].includes(ext)) return looksLikeCsv(text) ? "csv" : "text";
  if (
    ["htm", "html", "xhtml"].includes(ext) &&
    /<(head|body|p|div|h[1-6]|script|table)[\s>]/.test(lead)
  )
    return "html";
  if (ext === "txt" || ext === "text") return "text";
  if (looksLikeMarkdown(text)) return "markdown";
  if (looksLikeCsv(text)) return "csv";
  return "text";
}
