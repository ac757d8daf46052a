import type { PageView } from "@nexus/contracts";

/**
 * The contract between the document parsers (one per format in this folder) and the files module
 * (upload → ingestion job → chunks). Parsers are pure: bytes in, text with locations out. The
 * ingestion job runs them in a child process with time and memory limits (see parse-process.ts).
 */

/** Formats we accept, decided from magic bytes (never from the name or the declared type). */
export type DocumentKind =
  | "pdf"
  | "docx"
  | "pptx"
  | "xlsx"
  | "odt"
  | "odp"
  | "ods"
  | "epub"
  | "html"
  | "markdown"
  | "text"
  | "csv";

/** One page (PDF), slide (PPTX), sheet (XLSX/ODS), chapter (EPUB) or the whole text (others). */
export interface DocumentPage {
  /** 1-based. */
  number: number;
  text: string;
  /** True when the text came from OCR (the page had no text layer). */
  ocr: boolean;
  /**
   * PDF only: for each pdf.js `getTextContent` item of the page, in order, the [start, end)
   * character range of its `str` inside `text` (text is the items joined, with "\n" after an item
   * that has hasEOL, else "" — see pdf.ts). The PDF viewer marks cited characters with it.
   * An item's text is the NFKC form of its `str` (Arabic presentation forms, ligatures), so its
   * length may differ from `str`; on a right-to-left line the items are joined in logical
   * (reading) order, so ranges are not always increasing. Absent on OCR'd pages.
   */
  items?: Array<[number, number]>;
  /**
   * OCR'd pages: each recognised word's [start, end) in `text` and its box on the page as
   * fractions (x0, y0, x1, y1 from the top left): the viewer marks a cited word on the image.
   */
  boxes?: Array<[number, number, number, number, number, number]>;
  /** Headings found on this page, in order, with their offset in `text` (for heading paths). */
  headings?: Array<{ level: number; text: string; offset: number }>;
  /** The office view of the page (a sheet's grid, a slide, a DOCX's formatted text), if any. */
  view?: PageView;
}

export interface ParsedDocument {
  kind: DocumentKind;
  title?: string;
  pages: DocumentPage[];
  /** Right-to-left main script (Arabic, Hebrew…): the text is in logical order either way. */
  rtl?: boolean;
  /** Human-readable notes shown with the file, e.g. "Scanned pages were read with OCR; check the text". */
  warnings: string[];
}

/** Why a file could not be read. `message` is what the person sees. */
export type ParseFailureCode =
  | "encrypted" // needs a password (PDF: retry with one); wrong password gives "wrong_password"
  | "wrong_password"
  | "damaged" // corrupt or truncated
  | "unsupported" // not a format we read (the magic bytes say so)
  | "too_large" // page, entry, expansion or text limits exceeded (zip bombs land here)
  | "empty" // no text at all, even after OCR
  | "timeout"; // the parse ran out of time (set by parse-process.ts, not by parsers)

export class ParseFailure extends Error {
  constructor(
    readonly code: ParseFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "ParseFailure";
  }
}

export interface ParseLimits {
  /** Most pages read (PDF pages, slides, sheets, chapters). */
  maxPages: number;
  /** Most characters of text kept in total. */
  maxChars: number;
  /** Most bytes a zip container may expand to, all entries together. */
  maxExpandedBytes: number;
  /** Most scanned PDF pages OCR'd (default OCR_MAX_PAGES in ocr.ts); 0: none. */
  ocrMaxPages?: number;
  /** Most seconds spent on OCR (default OCR_MAX_SECONDS in ocr.ts). */
  ocrMaxSeconds?: number;
}

export interface ParseOptions {
  kind: DocumentKind;
  bytes: Uint8Array;
  /** The original file name: only for a title fallback, never for deciding the type. */
  name?: string;
  password?: string;
  limits: ParseLimits;
  /** Read pages that have no text layer with OCR (PDF only); default true. */
  ocr?: boolean;
  /** Progress for the files page, e.g. { stage: "ocr", page: 3, pages: 12 }. */
  onProgress?: (progress: { stage: "parsing" | "ocr"; page: number; pages: number }) => void;
}
