import type { Deps, SessionUser } from "../../deps.ts";
import { PageTextError, readPageText } from "../../integrations/page-text/page-text-pool.ts";
import { WebFetchError } from "../../integrations/web-fetch-error.ts";
import { AppError } from "../../lib/errors.ts";
import * as files from "../files/files.service.ts";
import type { SourcePages } from "./extraction.engine.ts";

/**
 * A row's source read as pages of stored text (what quotes are checked against): one of the
 * owner's files from its index (the viewer's page text, so a place opens at the right words),
 * or a web page through web-fetch (SSRF-safe), its readable text as one page.
 */

export type StoredSource =
  | { kind: "file"; fileId: string; label?: string }
  | { kind: "url"; url: string; label?: string };

const PAGE_TIMEOUT_MS = 15_000;
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const URL_CHARS = 200_000;

/** Why a source could not be read: shown on its row. */
export class SourceError extends Error {}

/** The label a row shows before and after it is read. */
export function labelOf(source: StoredSource): string {
  return source.label ?? (source.kind === "file" ? "File" : source.url);
}

/** Resolves file names (a file that is not the owner's is refused: the same 404 as a missing one). */
export async function checkSources(
  deps: Deps,
  user: SessionUser,
  sources: readonly StoredSource[],
): Promise<StoredSource[]> {
  const out: StoredSource[] = [];
  for (const source of sources) {
    if (source.kind === "url") {
      out.push({ kind: "url", url: source.url, label: source.url });
      continue;
    }
    const row = await files.ownedFile(deps, user, source.fileId).catch(() => null);
    if (!row || row.status === "failed")
      throw new AppError("not_found", "One of the files is not among your files.");
    out.push({ kind: "file", fileId: row.id, label: row.name });
  }
  return out;
}

/** A source's pages, and for a file its passages (where each begins and ends in its page). */
export interface ReadSource extends SourcePages {
  chunks: ReadonlyArray<{ ordinal: number; page: number; start: number; end: number }>;
}

async function readFile(deps: Deps, user: SessionUser, fileId: string): Promise<ReadSource> {
  const row = await files.ownedFile(deps, user, fileId).catch(() => null);
  if (!row) throw new SourceError("The file has been deleted.");
  if (row.status === "failed") throw new SourceError("The file could not be read.");
  if (row.status !== "ready") throw new SourceError("The file is still being read.");
  const passages = await files.filePassages(deps.db, row.id);
  const texts = files.pageTexts(passages);
  const pages = [...texts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([page, text]) => ({ page, text }));
  if (pages.every((p) => p.text.trim() === "")) throw new SourceError("The file has no text.");
  const chunks = passages.map((p) => ({
    ordinal: p.ordinal,
    page: p.page,
    start: p.charStart,
    end: p.charStart + p.content.length,
  }));
  return { title: row.name, pages, chunks };
}

async function readUrl(deps: Deps, url: string, signal: AbortSignal): Promise<ReadSource> {
  try {
    const page = await deps.webFetch.fetchPage({
      url,
      signal,
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
    });
    if (page.status < 200 || page.status >= 300)
      throw new SourceError("The page answered with an error.");
    const type = page.contentType.toLowerCase();
    if (!type.includes("html") && !type.startsWith("text/plain"))
      throw new SourceError("The page is not text.");
    const { text } = await readPageText(
      { html: page.body.toString("utf8"), contentType: type, maxChars: URL_CHARS },
      { signal },
    );
    if (!text) throw new SourceError("The page has no readable text.");
    return { title: url, pages: [{ page: 1, text }], chunks: [] };
  } catch (error) {
    if (error instanceof WebFetchError || error instanceof PageTextError)
      throw new SourceError(error.message);
    throw error;
  }
}

export function readSource(
  deps: Deps,
  user: SessionUser,
  source: StoredSource,
  signal: AbortSignal,
): Promise<ReadSource> {
  return source.kind === "file"
    ? readFile(deps, user, source.fileId)
    : readUrl(deps, source.url, signal);
}
