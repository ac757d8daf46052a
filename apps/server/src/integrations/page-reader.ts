import { readPageText } from "./page-text/page-text-pool.ts";
import type { SearchResult } from "./search/types.ts";
import type { FetchPage } from "./web-fetch.ts";

/**
 * Page reading for the answer pipeline: the top web results are fetched in parallel through
 * web-fetch (SSRF-safe) and reduced to readable text (Mozilla Readability over linkedom's DOM,
 * the body text when Readability finds no article), in a page-text worker (page-text/: never on
 * this thread, each page with a wall-clock limit). Reading has a hard time budget, because the
 * answer's first token waits for it: what is read in time is used, a page that fails or is still
 * loading when the budget ends keeps its snippet, and a slow site never fails or holds up the
 * answer. Knowledge and file results already carry their text.
 */

export interface PageReaderLimits {
  /** How many results are read (the first ones). */
  pages: number;
  /** Time budget per page in ms. */
  perPageMs: number;
  /** Time budget for all pages together in ms. */
  totalMs: number;
  /** Body cap per page in bytes. */
  maxBytes: number;
  /** Characters of text kept per page. */
  maxChars: number;
}

/**
 * The budget: issue 13 holds an answer's first token to search + the model's first token + 1 s
 * with page reading on (bench answer-profile, "pages"); 800 ms of reading leaves room for the
 * readable-text work and the rest of the answer. Bodies are capped at 1 MB so reducing a page that
 * arrives just in time stays short.
 */
export const PAGE_READER_LIMITS: PageReaderLimits = {
  pages: 5,
  perPageMs: 800,
  totalMs: 800,
  maxBytes: 1024 * 1024,
  maxChars: 3000,
};

async function readOne(options: {
  fetchPage: FetchPage;
  url: string;
  signal: AbortSignal;
  limits: PageReaderLimits;
}): Promise<string> {
  const page = await options.fetchPage({
    url: options.url,
    signal: options.signal,
    timeoutMs: options.limits.perPageMs,
    maxBytes: options.limits.maxBytes,
  });
  if (page.status < 200 || page.status >= 300) return "";
  const type = page.contentType.toLowerCase();
  if (!type.includes("html") && !type.startsWith("text/plain")) return "";
  const read = await readPageText(
    { html: page.body.toString("utf8"), contentType: type, maxChars: options.limits.maxChars },
    { signal: options.signal },
  );
  return read.text;
}

/**
 * The results with `content` filled from their pages where reading worked (the first
 * `limits.pages` web results only); the order and the other results are unchanged.
 */
export async function readPages(options: {
  fetchPage: FetchPage;
  results: readonly SearchResult[];
  signal?: AbortSignal;
  limits?: Partial<PageReaderLimits>;
}): Promise<SearchResult[]> {
  const limits = { ...PAGE_READER_LIMITS, ...options.limits };
  // A plain controller and timer, both let go at the end: on Node 20 a signal from
  // AbortSignal.any/timeout that has a listener is kept alive until it aborts, and the timeout
  // one may be collected before it fires, so such a pair can be kept forever.
  const budget = new AbortController();
  const timer = setTimeout(
    () => budget.abort(new Error("page reading budget spent")),
    limits.totalMs,
  );
  const onAbort = () => budget.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  const { signal } = budget;
  // The budget holds even where a fetch is slow to notice the abort: each page races it.
  const over = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
  let toRead = limits.pages;
  try {
    return await Promise.all(
      options.results.map((result) => {
        if (result.source !== "web" || result.content || toRead <= 0) return result;
        toRead--;
        const read = readOne({
          fetchPage: options.fetchPage,
          url: result.url,
          signal,
          limits,
        }).then(
          (text) => (text ? { ...result, content: text } : result),
          () => result,
        );
        return Promise.race([read, over.then(() => result)]);
      }),
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    // Whatever is still loading is not wanted any more (this also lets `over` settle).
    budget.abort(new Error("page reading done"));
  }
}
