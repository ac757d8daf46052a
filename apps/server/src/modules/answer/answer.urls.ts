import type { UnreadUrl } from "@nexus/contracts";
import { readUrl } from "../../ai/tools/read-url.ts";
import { normalUrl, SourceBook, urlsIn } from "../../ai/tools/tool-context.ts";
import type { Caller, Deps } from "../../deps.ts";
import type { SearchResponse, SearchResult } from "../../integrations/search/types.ts";

/**
 * Addresses pasted into a question (issue 24, scope 7): each is read through web-fetch (SSRF rules
 * unchanged, by read-url's own reader and its failure messages) and becomes one of the answer's
 * first sources; one that cannot be read is reported, never replaced by something else.
 */

/** At most this many addresses of one question are read. */
export const MAX_PASTED_URLS = 3;

export interface PastedUrls {
  /** The pages that were read, as results with their text (the answer's first sources). */
  pages: SearchResult[];
  /** The addresses that could not be read, each with the reason for the person. */
  unread: UnreadUrl[];
}

/**
 * The question's http(s) addresses, once each, in order (the first MAX_PASTED_URLS), and the
 * question without them (what is searched; "" when it was only addresses).
 */
export function splitQuestion(question: string): { urls: string[]; rest: string } {
  const urls = [...new Set(urlsIn(question))].slice(0, MAX_PASTED_URLS);
  return { urls, rest: withoutUrls(question, urls) };
}

/** The question with its addresses taken out (spaces collapsed). */
export function withoutUrls(question: string, urls: readonly string[]): string {
  let rest = question;
  for (const url of urls) rest = rest.split(url).join(" ");
  // Addresses beyond MAX_PASTED_URLS are not searched as text either.
  rest = rest.replace(/https?:\/\/[^\s<>"'`]+/gi, " ");
  return rest.replace(/\s+/g, " ").trim();
}

const SNIPPET_CHARS = 300;

/** Reads the addresses in parallel (each with read-url's time and size budget). */
export async function readPastedUrls(options: {
  deps: Deps;
  caller: Caller;
  urls: readonly string[];
  signal: AbortSignal;
}): Promise<Pick<PastedUrls, "pages" | "unread">> {
  const { urls } = options;
  if (urls.length === 0) return { pages: [], unread: [] };
  // Only the addresses the person wrote may be read; the answer numbers its sources itself.
  const sources = new SourceBook(() => undefined, urls);
  const ctx = { deps: options.deps, caller: options.caller, signal: options.signal, sources };
  const read = await Promise.all(
    urls.map((url) =>
      readUrl(ctx, url).then(
        (page) => ({ url, page, message: "" }),
        (error: unknown) => ({
          url,
          page: null,
          message: error instanceof Error ? error.message : "The page could not be read.",
        }),
      ),
    ),
  );
  options.signal.throwIfAborted();
  const pages: SearchResult[] = [];
  const unread: UnreadUrl[] = [];
  for (const { url, page, message } of read) {
    if (!page) {
      unread.push({ url, message });
      continue;
    }
    pages.push({
      title: page.title,
      url: page.url,
      snippet: page.text.slice(0, SNIPPET_CHARS),
      content: page.text,
      source: "web",
    });
  }
  return { pages, unread };
}

/** An answer asked only about addresses, none of which could be read: nothing to answer from. */
export class UnreadUrlsError extends Error {
  constructor(readonly unread: readonly UnreadUrl[]) {
    const reasons = unread.map((u) => u.message).join(" ");
    super(
      `The page you asked about could not be read, so there is nothing to answer from. ${reasons} Check the address, or ask your question in words.`,
    );
    this.name = "UnreadUrlsError";
  }
}

/**
 * What the model is asked when the question is only addresses: to summarise the pages by name
 * (the offline engine then quotes the sentences about the page's own subject).
 */
export function questionForPages(question: string, rest: string, pages: readonly SearchResult[]) {
  if (rest !== "" || pages.length === 0) return question;
  const named = pages.map((p) => `"${p.title}" (${p.url})`).join(", ");
  return `Summarise ${named}.`;
}

/** No search (a question of addresses alone, all read). */
export const NOTHING_FOUND: SearchResponse = { results: [], images: [], videos: [] };

/** Search results that are not one of the pages already read (each source once). */
export function notAmong(results: readonly SearchResult[], pages: readonly SearchResult[]) {
  const read = new Set(pages.map((p) => normalUrl(p.url)));
  return results.filter((r) => !read.has(normalUrl(r.url)));
}
