import {
  type AnswerImage,
  type AnswerSource,
  type AnswerVideo,
  citationRuns,
  type FocusMode,
} from "@nexus/contracts";
import { generateText } from "ai";
import { failureMessage as turnFailure } from "../../ai/chat/turn-failure.ts";
import type { ChatModel } from "../../ai/models.ts";
import { relatedQuestions } from "../../ai/offline/related-questions.ts";
import type { Deps } from "../../deps.ts";
import { createFilesCorpus } from "../../integrations/search/files-corpus.ts";
import { createLocalSearch } from "../../integrations/search/local.ts";
import type { SearchResponse, SearchResult } from "../../integrations/search/types.ts";
import { queryWords, terms } from "../../lib/text-tokens.ts";
import { FOCUS, RELATED_SYSTEM, REWRITE_SYSTEM } from "./answer.focus.ts";
import { UnreadUrlsError } from "./answer.urls.ts";

/** The steps of one answer, each one function (answer.stream.ts runs them in order). */

export interface Turn {
  query: string;
  answer: string;
}

/** Sources numbered in the prompt and in the stream ([n] = sources[n - 1]). */
export const MAX_SOURCES = 8;
const TURN_CHARS = 1500;

/** A follow-up as one standalone search query: one model call, or key terms offline. */
export async function standaloneQuery(options: {
  model: ChatModel;
  question: string;
  earlier: readonly Turn[];
  signal: AbortSignal;
}): Promise<string> {
  const { model, question, earlier } = options;
  const previous = earlier.at(-1);
  if (!previous) return question;
  if (model.offline) {
    const asked = new Set(queryWords(question));
    const carried = queryWords(previous.query).filter((w) => !asked.has(w));
    return [...carried.slice(0, 6), question].join(" ");
  }
  const conversation = earlier
    .map((t) => `Question: ${t.query}\nAnswer: ${t.answer.slice(0, TURN_CHARS)}`)
    .join("\n\n");
  const { text } = await generateText({
    model: model.model,
    system: REWRITE_SYSTEM,
    prompt: `${conversation}\n\nFollow-up question: ${question}\n\nStandalone query:`,
    abortSignal: options.signal,
  });
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.trim().replace(/^["']|["']$/g, "") || question;
}

const EMPTY: SearchResponse = { results: [], images: [], videos: [] };

/**
 * Searches as the focus mode says: its categories, the local corpora, or not at all. Files
 * attached to the question (checked as the caller's) are searched alone: neither the knowledge
 * base nor the person's other files.
 */
export async function searchFor(options: {
  deps: Deps;
  focusMode: FocusMode;
  query: string;
  userId: string | undefined;
  fileIds?: readonly string[] | undefined;
  signal: AbortSignal;
}): Promise<SearchResponse> {
  const attached = options.fileIds !== undefined && options.fileIds.length > 0;
  const focus = FOCUS[attached ? "local" : options.focusMode];
  if (focus.categories === null) return EMPTY;
  const provider = focus.local
    ? createLocalSearch({
        db: options.deps.db,
        corpora: [createFilesCorpus({ db: options.deps.db })],
        // Local means the person's files: the help guides answer only questions about the
        // product, or when no file matches (an anonymous visitor has no files).
        knowledge: attached ? false : "product",
      })
    : options.deps.search;
  const found = await provider.search({
    query: focus.queryHint ? `${options.query} ${focus.queryHint}` : options.query,
    ...(focus.categories.length > 0 ? { categories: focus.categories } : {}),
    ...(options.userId ? { userId: options.userId } : {}),
    ...(attached ? { fileIds: options.fileIds } : {}),
    signal: options.signal,
  });
  if (found.results.length > 0 || options.focusMode !== "video") return found;
  // Video focus: the videos are the sources.
  const results = found.videos.map(
    (v): SearchResult => ({ title: v.title ?? v.url, url: v.url, snippet: "", source: "web" }),
  );
  return { ...found, results };
}

/** A source as the stream and history show it. */
export function presentSource(result: SearchResult, appUrl: string): AnswerSource {
  const url = new URL(result.url, appUrl);
  const web = result.source === "web";
  return {
    title: result.title,
    url: result.url,
    domain: url.hostname.replace(/^www\./, ""),
    favicon: web ? `${url.origin}/favicon.ico` : null,
    snippet: result.snippet,
  };
}

export function presentMedia(found: SearchResponse): {
  images: AnswerImage[];
  videos: AnswerVideo[];
} {
  return { images: found.images.slice(0, 12), videos: found.videos.slice(0, 8) };
}

function fallbackRelated(question: string, results: readonly SearchResult[]): string[] {
  return relatedQuestions({
    question,
    sources: results.map((r) => ({
      title: r.title,
      snippet: r.snippet,
      ...(r.heading ? { heading: r.heading } : {}),
    })),
  });
}

/** A page of the built-in guides (the knowledge base: /blog/…, /faq). */
const isGuide = (r: SearchResult) => /^\/(?:blog\/|faq\b)/.test(r.url);

/**
 * The results related questions may draw on: a guide only when the question is about what it
 * covers (it names Nexus, or the guide holds half of the question's words) — a question about heat
 * pumps gets no questions about signing in (issue 38).
 */
export function relatedSources(question: string, results: readonly SearchResult[]): SearchResult[] {
  const asked = new Set(terms(question));
  if (/\bnexus\b/i.test(question)) return [...results];
  return results.filter((r) => {
    if (!isGuide(r)) return true;
    const held = new Set(terms(`${r.title} ${r.heading ?? ""} ${r.snippet}`));
    let shared = 0;
    for (const t of asked) if (held.has(t)) shared++;
    return asked.size > 0 && shared >= Math.ceil(asked.size / 2);
  });
}

/**
 * The offline engine's related questions: from the headings of the sources its answer cited, then
 * — when those offer fewer than 3 topics (one cited guide whose heading is the question itself) —
 * from the other results on the question's topic (relatedSources). None when it cited nothing: it
 * did not know, and offers no guesses.
 */
export function relatedFromCited(options: {
  question: string;
  results: readonly SearchResult[];
  text: string;
}): string[] {
  const cited = new Set(citationRuns(options.text, options.results.length).map((r) => r.source));
  const sources = options.results.filter((_, i) => cited.has(i + 1));
  if (sources.length === 0) return [];
  const fromCited = fallbackRelated(options.question, sources);
  if (fromCited.length >= 3) return fromCited;
  const others = relatedSources(
    options.question,
    options.results.filter((_, i) => !cited.has(i + 1)),
  );
  return fallbackRelated(options.question, [...sources, ...others]);
}

/**
 * 3–5 follow-up questions. Offline: from the sources' headings. With a model: one short call,
 * started beside the answer by the caller; it never rejects (falls back to the headings).
 */
export async function relatedFor(options: {
  model: ChatModel;
  question: string;
  results: readonly SearchResult[];
  signal: AbortSignal;
}): Promise<string[]> {
  const { model, question } = options;
  const results = relatedSources(question, options.results);
  if (model.offline) return fallbackRelated(question, results);
  try {
    const titles = results.map((r, i) => `[${i + 1}] ${r.title}`).join("\n");
    const { text } = await generateText({
      model: model.model,
      system: RELATED_SYSTEM,
      prompt: `Question: ${question}\n${titles ? `Sources:\n${titles}` : ""}`,
      abortSignal: options.signal,
    });
    // Questions only: a preamble ("Here are some questions:") or a statement is not offered.
    const lines = text
      .split("\n")
      .map((l) =>
        l
          .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
          .replace(/^["']|["']$/g, "")
          .trim(),
      )
      .filter((l) => l.length > 3 && l.length < 200 && /[?？؟]$/.test(l))
      .map((l) => `${l.charAt(0).toUpperCase()}${l.slice(1)}`);
    return lines.length >= 3 ? lines.slice(0, 5) : fallbackRelated(question, results);
  } catch {
    return fallbackRelated(question, results);
  }
}

/** The message the error part shows for a failed answer: a pasted page that could not be read says
 * so; everything else is the shared turn runtime's text (agents use it too). */
export function failureMessage(options: { error: unknown; streamed: boolean }): string {
  if (options.error instanceof UnreadUrlsError) return options.error.message;
  return turnFailure(options);
}
