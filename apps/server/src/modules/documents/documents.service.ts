import { Readable } from "node:stream";
import {
  type DocumentInfo,
  type DocumentPassage,
  type DocumentText,
  type PageView,
  rowsOfRange,
  sheetRangeLabel,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as files from "../files/files.service.ts";

/**
 * Documents (ARCHITECTURE.md §3.4): a person's own file as the document viewer and document chat
 * read it. The files module owns the rows; this module only reads them through files.service.
 */

export type FileRow = Awaited<ReturnType<typeof files.ownedFile>>;

/** The caller's file as a document: a failed one is not a document (the same 404 as a foreign one). */
export async function ownedDocument(deps: Deps, user: SessionUser, id: string): Promise<FileRow> {
  const row = await files.ownedFile(deps, user, id);
  if (row.status === "failed") throw new AppError("not_found", "No such file.");
  return row;
}

/** The caller's document, ready to be read (still being read: 409 with what to wait for). */
export async function readyDocument(deps: Deps, user: SessionUser, id: string): Promise<FileRow> {
  const row = await ownedDocument(deps, user, id);
  if (row.status !== "ready")
    throw new AppError("conflict", "This file is still being read. Ask again when it is ready.");
  return row;
}

export function documentInfo(row: FileRow): DocumentInfo {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    viewer: row.kind === "pdf" ? "pdf" : "text",
    status: row.status === "failed" ? "ready" : row.status,
    pages: row.pages ?? null,
    size: row.size,
    warnings: row.warnings,
    ocrPages: row.ocrPages,
    runId: row.runId,
  };
}

const PAGE_WORD: Record<string, string> = {
  pdf: "Page",
  pptx: "Slide",
  odp: "Slide",
  xlsx: "Sheet",
  ods: "Sheet",
  epub: "Chapter",
};

/** "Page 3", "Slide 2", "Sheet 1", "Chapter 4"; the one page of other kinds is "Text". */
export function pageLabel(kind: string, page: number): string {
  const word = PAGE_WORD[kind];
  return word ? `${word} ${page}` : "Text";
}

/**
 * Where a passage is, as a citation of it and the viewer's "Cited: …" both say (one source of
 * truth: the chunk's own heading path): a PDF's page, else its section heading ("Chapter 1" in an
 * EPUB, whose pages are the book's spine items: its third, after a cover and a contents page, is
 * the first chapter), else the page's label.
 */
export function passageLabel(
  kind: string,
  passage: { page: number; headingPath: string | null },
): string {
  return passage.headingPath && kind !== "pdf"
    ? (passage.headingPath.split(" › ").at(-1) ?? pageLabel(kind, passage.page))
    : pageLabel(kind, passage.page);
}

/**
 * A page's label in the viewer: an EPUB's spine item by its own first heading (its chunks' heading
 * path, the one passageLabel reads), so the chapter list and the citations agree; else pageLabel.
 */
function viewPageLabel(kind: string, page: number, passages: readonly files.FilePassage[]) {
  if (kind !== "epub") return pageLabel(kind, page);
  const heading = passages.find((p) => p.page === page && p.headingPath)?.headingPath;
  return heading?.split(" › ")[0] || pageLabel(kind, page);
}

function passageOf(p: files.FilePassage): DocumentPassage {
  return {
    ordinal: p.ordinal,
    page: p.page,
    start: p.charStart,
    // Where its content ends in the rebuilt page text (citations index into the content).
    end: p.charStart + p.content.length,
    headingPath: p.headingPath,
  };
}

export async function documentText(deps: Deps, row: FileRow): Promise<DocumentText> {
  const [passages, views] = await Promise.all([
    files.filePassages(deps.db, row.id),
    row.kind === "pdf" ? new Map<number, PageView>() : files.readViews(deps, row.storageKey),
  ]);
  const texts = files.pageTexts(passages);
  const ocr = new Set(row.ocrPages);
  // A sheet, slide or chapter without any text has no passage; its view still shows it.
  for (const page of views.keys()) if (!texts.has(page)) texts.set(page, "");
  return {
    pages: [...texts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([page, text]) => {
        const view = views.get(page);
        return {
          page,
          label: viewPageLabel(row.kind, page, passages),
          text,
          ocr: ocr.has(page),
          ...(row.ocrBoxes[String(page)] ? { boxes: row.ocrBoxes[String(page)] } : {}),
          passages: passages.filter((p) => p.page === page).map(passageOf),
          ...(view ? { view } : {}),
        };
      }),
  };
}

/**
 * Where a range of a page is, in words: "Sheet 1, rows 1–11" in a spreadsheet (from the sheet's
 * grid view), "Rows 2–5" in a CSV, else the page's label ("Slide 3", "Page 4", "Text").
 */
export function rangeLabel(
  kind: string,
  page: number,
  view: PageView | undefined,
  range: { start: number; end: number } | null,
): string {
  const label = pageLabel(kind, page);
  if (view?.type !== "sheet" || !range) return label;
  const rows = rowsOfRange(view, range.start, range.end);
  return rows ? sheetRangeLabel(kind === "csv" ? null : label, rows) : label;
}

export async function documentPassage(
  deps: Deps,
  row: FileRow,
  ordinal: number,
): Promise<DocumentPassage & { text: string; label: string }> {
  const passage = Number.isSafeInteger(ordinal)
    ? await files.filePassage(deps.db, row.id, ordinal)
    : null;
  if (!passage) throw new AppError("not_found", "No such passage.");
  const view = (await files.readViews(deps, row.storageKey)).get(passage.page);
  const located = passageOf(passage);
  return {
    ...located,
    text: passage.content,
    // A sheet's passage by its rows, any other as its citations label it.
    label:
      view?.type === "sheet"
        ? rangeLabel(row.kind, passage.page, view, located)
        : passageLabel(row.kind, passage),
  };
}

/** One satisfiable byte range of a `Range` header; null: the whole file; "unsatisfiable": 416. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * GET /api/documents/:id/content: the owner's PDF for the viewer, inline, sandboxed, with range
 * requests (pdf.js reads a big file in ranges) and an ETag; only the requested bytes are read.
 */
export async function documentContent(options: {
  deps: Deps;
  row: FileRow;
  range: string | undefined;
  ifNoneMatch: string | undefined;
}): Promise<Response> {
  const { deps, row } = options;
  if (row.kind !== "pdf")
    throw new AppError(
      "unsupported_media_type",
      "Only a PDF is shown from its own bytes; this file is shown from its text.",
    );
  const etag = `"${row.contentSha256 ?? row.id}"`;
  // Never rendered by the browser's own PDF viewer (which would run the PDF's scripts): opened
  // directly (a navigation, an embed) it is a download, and a sandbox with nothing allowed if a
  // browser shows it anyway. The app's viewer (pdf.js) fetches the bytes, which a fetch reads
  // whatever the disposition.
  const headers: Record<string, string> = {
    "Content-Type": "application/pdf",
    "Accept-Ranges": "bytes",
    "Content-Disposition": 'attachment; filename="document.pdf"',
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "private, max-age=0, must-revalidate",
    ETag: etag,
  };
  if (options.ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  const range = byteRange(options.range, row.size);
  if (range === "unsatisfiable")
    return new Response(null, {
      status: 416,
      headers: { ...headers, "Content-Range": `bytes */${row.size}` },
    });
  const body = await deps.storage.get(row.storageKey, range ?? undefined);
  const web = Readable.toWeb(body) as ReadableStream;
  if (!range)
    return new Response(web, { headers: { ...headers, "Content-Length": String(row.size) } });
  return new Response(web, {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${row.size}`,
    },
  });
}

export { accountData } from "./documents.collections.ts";
