import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { SearchResult } from "./search/types.ts";
import type { FetchPage } from "./web-fetch.ts";

/**
 * Page reading for the answer pipeline: the top web results are fetched in parallel through
 * web-fetch (SSRF-safe) and reduced to readable text (Mozilla Readability over linkedom's DOM,
 * the body text when Readability finds no article). A page that fails or runs out of time keeps
 * its snippet; it never fails the answer. Knowledge and file results already carry their text.
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

export const PAGE_READER_LIMITS: PageReaderLimits = {
  pages: 5,
  perPageMs: 3000,
  totalMs: 4000,
  maxBytes: 1.5 * 1024 * 1024,
  maxChars: 3000,
};

type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];

const collapse = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();

/** Readable text of an HTML document, or of plain text; empty when there is none. */
export function readableText(options: { html: string; contentType: string; maxChars: number }) {
  const { html, contentType, maxChars } = options;
  if (contentType.startsWith("text/plain")) return collapse(html).slice(0, maxChars);
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll("script, style, noscript, template")) node.remove();
  let text = "";
  try {
    // linkedom's document implements the DOM Readability walks; its types are its own.
    const article = new Readability(
      document.cloneNode(true) as unknown as ReadabilityDocument,
    ).parse();
    text = article?.textContent ?? "";
  } catch {
    text = "";
  }
  if (collapse(text).length < 200) text = document.body?.textContent ?? text;
  return collapse(text).slice(0, maxChars);
}

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
  return readableText({
    html: page.body.toString("utf8"),
    contentType: type,
    maxChars: options.limits.maxChars,
  });
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
  const budget = AbortSignal.timeout(limits.totalMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  let toRead = limits.pages;
  return Promise.all(
    options.results.map(async (result) => {
      if (result.source !== "web" || result.content || toRead <= 0) return result;
      toRead--;
      try {
        const text = await readOne({
          fetchPage: options.fetchPage,
          url: result.url,
          signal,
          limits,
        });
        return text ? { ...result, content: text } : result;
      } catch {
        return result;
      }
    }),
  );
}
