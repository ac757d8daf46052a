import {
  EXTRACTION_LIMITS,
  EXTRACTION_NEEDS_SEARCH,
  type ExtractionSource,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { PageTextError, readPageText } from "../../integrations/page-text/page-text-pool.ts";
import { WebFetchError } from "../../integrations/web-fetch-error.ts";
import { AppError } from "../../lib/errors.ts";
import * as files from "../files/files.service.ts";
import type { SourcePages } from "./extraction.engine.ts";

/**
 * A row's source read as pages of stored text (what quotes are checked against): one of the
 * owner's files from its index (the viewer's page text, so a place opens at the right words),
 * or a web page (an address, or a web search's result) through web-fetch (SSRF-safe), its
 * readable text as one page.
 */

export type StoredSource =
  | { kind: "file"; fileId: string; label?: string }
  | { kind: "url"; url: string; label?: string };

const PAGE_TIMEOUT_MS = 15_000;
const SEARCH_TIMEOUT_MS = 15_000;
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
  sources: readonly ExtractionSource[],
): Promise<StoredSource[]> {
  const out: StoredSource[] = [];
  for (const source of sources) {
    if (source.kind === "search") {
      out.push(...(await searchPages(deps, user, source)));
      continue;
    }
    if (source.kind === "url") {
      out.push({ kind: "url", url: source.url, label: source.url });
      continue;
    }
    const row = await files.ownedFile(deps, user, source.fileId).catch(() => null);
    if (!row || row.status === "failed")
      throw new AppError("not_found", "One of the files is not among your files.");
    out.push({ kind: "file", fileId: row.id, label: row.name });
  }
  // A page found twice (a search and an address, or two searches) is one row.
  const seen = new Set<string>();
  const unique = out.filter((s) => {
    const key = s.kind === "file" ? `file:${s.fileId}` : `url:${s.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > EXTRACTION_LIMITS.sources)
    throw new AppError("bad_request", `At most ${EXTRACTION_LIMITS.sources} sources.`);
  return unique;
}

/**
 * A web search source's result pages, as web pages to read (each a row, labelled with its title):
 * the configured provider's first `count` http(s) results. No provider configured (the local
 * search reads only the knowledge base and the person's files) is a clear 409, as is a search
 * that fails or finds nothing: nothing is charged for either.
 */
async function searchPages(
  deps: Deps,
  user: SessionUser,
  source: Extract<ExtractionSource, { kind: "search" }>,
): Promise<StoredSource[]> {
  if (deps.env.SEARCH_PROVIDER === "local") throw new AppError("conflict", EXTRACTION_NEEDS_SEARCH);
  const found = await deps.search
    .search({
      query: source.query,
      userId: user.id,
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, "an extraction's web search failed");
      throw new AppError("bad_gateway", "The web search failed. Try again in a moment.");
    });
  const pages = found.results
    .filter((r) => r.source === "web" && /^https?:\/\//i.test(r.url))
    .slice(0, source.count)
    .map((r): StoredSource => ({ kind: "url", url: r.url, label: r.title.trim() || r.url }));
  if (pages.length === 0)
    throw new AppError("conflict", `The web search found no pages for “${source.query}”.`);
  return pages;
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
