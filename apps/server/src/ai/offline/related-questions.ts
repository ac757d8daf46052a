import { terms, words } from "../../lib/text-tokens.ts";
import { questionFrom } from "./question-phrasing.ts";

/**
 * Follow-up questions from the sources' headings and titles, without a model: deterministic, for
 * the offline engine (and as a fallback when a model's suggestions fail).
 */

export interface RelatedSource {
  title: string;
  heading?: string;
  /** The passage's text: a source that shares no word with the question offers no topic. */
  snippet?: string;
}

const TITLE_SEPARATOR = " — ";
/** Topics this similar (Jaccard of words) to the question or to a chosen topic are skipped. */
const SAME = 0.6;

/** A one-word heading reads as a question only when it is a name ("SearXNG", "llama.cpp"). */
function isName(word: string): boolean {
  return /^\p{Lu}[^\s]*\p{Lu}|^\p{Ll}+\p{Lu}|[.\d]/u.test(word);
}

/** A web page's title without its site name: "Varnholt Bridge - Wikipedia" → "Varnholt Bridge". */
function withoutSiteName(title: string): string {
  return title.replace(/\s+[-–|·]\s+[^-–|·]{1,40}$/u, "").trim();
}

/**
 * A passage of a person's file is titled by its place ("report.pdf, p. 3", "deck.pptx, slide 2",
 * "sales.xlsx, Sheet Q1, rows 2–40", "notes.docx, Methods"): a file name is not a topic (its
 * section comes as the passage's heading).
 */
const FILE_PASSAGE_TITLE =
  /^[^\n]{1,200}\.(?:pdf|docx|pptx|xlsx|odt|odp|ods|epub|html?|md|markdown|csv|tsv|txt|text)(?:, .+)?$/iu;

/** Jaccard similarity of the two texts' lower-case words. */
function similarity(a: string, b: string): number {
  const setA = new Set(words(a));
  const setB = new Set(words(b));
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const word of setA) if (setB.has(word)) shared++;
  return shared / (setA.size + setB.size - shared);
}

/**
 * Up to `max` (default 5) questions: headings first in source order, then document titles,
 * skipping ones that repeat the question or each other. Fewer than 3 only when the sources offer
 * fewer distinct topics.
 */
export function relatedQuestions(options: {
  question: string;
  sources: readonly RelatedSource[];
  max?: number;
}): string[] {
  const max = options.max ?? 5;
  const asked = new Set(terms(options.question));
  const topics: string[] = [];
  const titles: string[] = [];
  for (const [i, source] of options.sources.entries()) {
    const [rawTitle = "", fromTitle] = source.title.split(TITLE_SEPARATOR);
    const title = FILE_PASSAGE_TITLE.test(rawTitle) ? "" : withoutSiteName(rawTitle);
    // A heading path ("The Inheritors › XVIII"): its last heading is the topic.
    const heading = (source.heading ?? fromTitle)?.split(" › ").at(-1)?.trim();
    // Off-topic sources (no word of the question anywhere in them) offer nothing, except the
    // best-ranked one.
    const text = `${source.title} ${heading ?? ""} ${source.snippet ?? ""}`;
    if (i > 0 && asked.size > 0 && !terms(text).some((t) => asked.has(t))) continue;
    if (heading && (heading.includes(" ") || isName(heading))) topics.push(heading);
    if (title) titles.push(title);
  }
  const chosen: string[] = [];
  const chosenTopics: string[] = [];
  for (const topic of [...topics, ...titles]) {
    if (chosen.length >= max) break;
    // A topic of stop words alone ("Who it is for") makes no question on its own, and one whose
    // words were all asked already ("Ollama" after "How do I connect Ollama?") adds nothing.
    const topicTerms = terms(topic);
    if (topicTerms.length === 0 || topicTerms.every((t) => asked.has(t))) continue;
    if (similarity(topic, options.question) >= SAME) continue;
    if (chosenTopics.some((t) => similarity(t, topic) >= SAME)) continue;
    const question = properQuestion(questionFrom(topic));
    if (!question || chosen.includes(question)) continue;
    chosen.push(question);
    chosenTopics.push(topic);
  }
  return chosen;
}

/**
 * A question as offered (issue 38): a capital first, one question mark last, no heading-path
 * separator, not a bare chapter number ("What is XVIII?").
 */
export function properQuestion(question: string | null): string | null {
  if (!question) return null;
  const text = question
    .replace(/\s*›\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (/^What (?:is|are) (?:the )?[IVXLC\d.]+\?$/i.test(text)) return null;
  const body = text.replace(/[?.!\s]+$/, "");
  if (body.length < 3) return null;
  return `${body.charAt(0).toUpperCase()}${body.slice(1)}?`;
}
