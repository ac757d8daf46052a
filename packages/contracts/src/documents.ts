import { z } from "zod";

/**
 * Document and PDF chat (ARCHITECTURE.md §3.4): the shapes shared by the documents module's routes,
 * its chat kind and the web's viewer and chat panel.
 */

/** How the web shows a document: pdf.js for PDFs, the parsed text as HTML for every other kind. */
export const documentViewerSchema = z.enum(["pdf", "text"]);
export type DocumentViewer = z.infer<typeof documentViewerSchema>;

/**
 * GET /api/documents/:documentId — one ready (or still being read) file of the caller. Another
 * person's, a missing or a failed file is the not-found 404.
 */
export const documentInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The file's kind (document-text DocumentKind: pdf, docx, pptx, xlsx, epub, html, markdown…). */
  kind: z.string(),
  viewer: documentViewerSchema,
  status: z.enum(["queued", "parsing", "indexing", "ready"]),
  pages: z.number().int().nullable(),
  size: z.number().int(),
  warnings: z.array(z.string()),
  /** Pages whose text came from OCR (1-based); their text is viewable, highlights are per page. */
  ocrPages: z.array(z.number().int()),
  /** The ingestion run to follow while it is not ready (GET /api/files/:id/events). */
  runId: z.string(),
});
export type DocumentInfo = z.infer<typeof documentInfoSchema>;

/** One passage of a document: a chunk's location in its page's text. */
export const documentPassageSchema = z.object({
  ordinal: z.number().int(),
  page: z.number().int(),
  /** [start, end) in the page's text (for PDFs: the text pdf-page-text.ts builds from pdf.js items). */
  start: z.number().int(),
  end: z.number().int(),
  headingPath: z.string(),
});
export type DocumentPassage = z.infer<typeof documentPassageSchema>;

/**
 * What an office view needs beyond the text (issue 41, scope 2), built by the parser in its child
 * process and stored beside the file: nothing untrusted is parsed again to show it. Every row or
 * block carries `s`/`e`, its [start, end) in the page's text, so a citation's range marks it.
 */

/** A typed cell: `v` as shown (a date as "1960-01-01", not its serial number); `n` a number's value. */
export const viewCellSchema = z.object({
  v: z.string(),
  /** s: text, n: number, d: date or time, b: boolean, e: error. */
  t: z.enum(["s", "n", "d", "b", "e"]),
  n: z.number().optional(),
});
export type ViewCell = z.infer<typeof viewCellSchema>;

/** One sheet (XLSX, ODS, CSV): its rows as the file numbers them (1-based), empty cells null. */
export const sheetViewSchema = z.object({
  type: z.literal("sheet"),
  name: z.string(),
  columns: z.number().int(),
  rows: z.array(
    z.object({
      r: z.number().int(),
      s: z.number().int(),
      e: z.number().int(),
      c: z.array(viewCellSchema.nullable()),
    }),
  ),
});
export type SheetView = z.infer<typeof sheetViewSchema>;

/** One slide: its title, paragraphs, tables (rows of cells) and speaker notes, in order. */
export const slideBlockSchema = z.union([
  z.object({
    k: z.enum(["title", "p", "notes"]),
    text: z.string(),
    s: z.number().int(),
    e: z.number().int(),
  }),
  z.object({
    k: z.literal("table"),
    rows: z.array(z.object({ c: z.array(z.string()), s: z.number().int(), e: z.number().int() })),
  }),
]);
export type SlideBlock = z.infer<typeof slideBlockSchema>;
export const slideViewSchema = z.object({
  type: z.literal("slide"),
  blocks: z.array(slideBlockSchema),
});
export type SlideView = z.infer<typeof slideViewSchema>;

/**
 * A sanitised HTML tree (DOCX, Markdown): only the tags of SAFE_TAGS, only colspan/rowspan, no
 * links, scripts, handlers or images: the web builds React elements from it, never HTML strings.
 */
export type SafeNode =
  | string
  | { tag: SafeTag; span?: [number, number]; s?: number; e?: number; children: SafeNode[] };
export const SAFE_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "blockquote",
  "pre",
  "code",
  "strong",
  "em",
  "u",
  "s",
  "sup",
  "sub",
  "br",
  "hr",
] as const;
export type SafeTag = (typeof SAFE_TAGS)[number];
export const safeNodeSchema: z.ZodType<SafeNode> = z.lazy(() =>
  z.union([
    z.string(),
    z.object({
      tag: z.enum(SAFE_TAGS),
      span: z.tuple([z.number().int(), z.number().int()]).optional(),
      s: z.number().int().optional(),
      e: z.number().int().optional(),
      children: z.array(safeNodeSchema),
    }),
  ]),
);
export const htmlViewSchema = z.object({ type: z.literal("html"), nodes: z.array(safeNodeSchema) });
export type HtmlView = z.infer<typeof htmlViewSchema>;

export const pageViewSchema = z.union([sheetViewSchema, slideViewSchema, htmlViewSchema]);
export type PageView = z.infer<typeof pageViewSchema>;

/** The first and last row (as the file numbers them) a [start, end) range of a sheet's text covers. */
export function rowsOfRange(view: SheetView, start: number, end: number): [number, number] | null {
  let first: number | null = null;
  let last: number | null = null;
  for (const row of view.rows) {
    if (row.e <= start || row.s >= end) continue;
    first ??= row.r;
    last = row.r;
  }
  return first === null || last === null ? null : [first, last];
}

/** "Sheet 1, rows 1–11" ("Rows 2–5" for a CSV, which has no sheets; "row 4" for one row). */
export function sheetRangeLabel(sheetLabel: string | null, rows: [number, number]): string {
  const [a, b] = rows;
  const span = a === b ? `row ${a}` : `rows ${a}–${b}`;
  return sheetLabel ? `${sheetLabel}, ${span}` : span.charAt(0).toUpperCase() + span.slice(1);
}

/**
 * GET /api/documents/:documentId/text — the parsed text per page (slide, sheet, chapter) with the
 * passages that tile it: what the text viewer renders (as text, never as HTML) and what
 * citations index into. `label`: "Page 3", "Slide 2", "Sheet: Q1", "Chapter 4"…
 */
export const documentTextSchema = z.object({
  pages: z.array(
    z.object({
      page: z.number().int(),
      label: z.string(),
      text: z.string(),
      ocr: z.boolean(),
      /**
       * A scanned page's recognised words: [start, end) in `text` and the word's box as fractions
       * of the page (x0, y0, x1, y1 from the top left).
       */
      boxes: z.array(z.array(z.number()).length(6)).optional(),
      passages: z.array(documentPassageSchema),
      /** The page as its office view shows it (a grid, a slide, formatted text); absent: text. */
      view: pageViewSchema.optional(),
    }),
  ),
});
export type DocumentText = z.infer<typeof documentTextSchema>;

/** A character range of one page's text: what a viewer marks. */
export const pageRangeSchema = z.object({
  page: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});
export type PageRange = z.infer<typeof pageRangeSchema>;

/**
 * One citation of a document-chat reply (the `data-citations` part, saved with the message so it
 * survives a reload and a share). `marker`: which `[n]` of the reply's text, counted from 0 in the
 * order they appear; `source`: n. `quote`: the verbatim words the reply cites (null: the model
 * cited the passage without a quote — then `ranges` is the whole passage). `verified`: the quote
 * was found in the document (exactly, or after normalising whitespace and hyphenation, or fuzzily
 * above the threshold); an unverified quote has no ranges and the chip says "passage not found".
 * `ranges`: one per page the quote covers (a quote across a page break has two).
 */
export const documentCitationSchema = z.object({
  marker: z.number().int(),
  source: z.number().int(),
  fileId: z.string(),
  ordinal: z.number().int(),
  label: z.string(),
  /** The cited file's name, in a chat over several files (absent: the chat's one document). */
  fileName: z.string().optional(),
  quote: z.string().nullable(),
  verified: z.boolean(),
  match: z.enum(["exact", "normalised", "fuzzy", "passage", "none"]),
  ranges: z.array(pageRangeSchema),
});
export type DocumentCitation = z.infer<typeof documentCitationSchema>;

/** POST /api/documents/:documentId/chat — the AI SDK chat request (like an agent's). */
export const documentChatRequestSchema = z.object({
  id: z.string().optional(),
  threadId: z.string().min(1).max(64),
  messages: z.array(z.unknown()).min(1),
  reasoning: z.boolean().optional().default(false),
  /** The id of a reply being regenerated (replaced when saved). */
  regenerate: z.string().optional(),
});
export type DocumentChatRequest = z.infer<typeof documentChatRequestSchema>;

/**
 * A citation as the model writes it in its reply: `[n]` or `[n: "verbatim quote"]` (straight or
 * curly quotes). The web shows both as chip n; the server reads the quotes when the reply ends.
 */
const CITATION = /\[(\d{1,3})(?::\s*["“]([^"”\]]{1,600})["”])?\]/g;
/** An unfinished `[n: "…` at the end of a streaming reply: hidden until it closes. */
const OPEN_TAIL = /\[\d{1,3}(?::\s*["“][^"”\]]{0,600}["”]?)?$/;

export interface CitationMarker {
  /** n of `[n]`. */
  source: number;
  quote: string | null;
  /** Where the marker starts in the text. */
  index: number;
}

/** The `[n]` / `[n: "quote"]` markers of a reply, in order. */
export function citationMarkers(text: string): CitationMarker[] {
  return [...text.matchAll(CITATION)].map((m) => ({
    source: Number(m[1]),
    quote: m[2]?.trim() || null,
    index: m.index,
  }));
}

/** The reply's text as it is shown: `[n: "quote"]` becomes `[n]`, an unfinished marker is hidden. */
export function displayCitationText(text: string): string {
  return text.replace(CITATION, "[$1]").replace(OPEN_TAIL, "");
}
