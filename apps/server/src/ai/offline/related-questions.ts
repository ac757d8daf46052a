import { terms, words } from "../../lib/text-tokens.ts";

/**
 * Follow-up questions from the sources' headings and titles, without a model: deterministic, for
 * the offline engine (and as a fallback when a model's suggestions fail).
 */

export interface RelatedSource {
  title: string;
  heading?: string;
}

const TITLE_SEPARATOR = " — ";
/** Topics this similar (Jaccard of words) to the question or to a chosen topic are skipped. */
const SAME = 0.6;

function lowerFirst(text: string): string {
  // Sentence-case phrases only; acronyms and one-word names ("SearXNG", "FAQ", "Ollama") stay.
  return /^\p{Lu}\p{Ll}+ [^\p{Lu}]/u.test(text)
    ? `${text.charAt(0).toLowerCase()}${text.slice(1)}`
    : text;
}

/** Headings that start with one of these read as instructions: "Ask your first question". */
const IMPERATIVE =
  /^(?:add|ask|change|choose|connect|create|delete|enable|find|get|give|install|open|pick|read|remove|request|run|set|share|sign|start|stop|switch|turn|update|upload|use)\b/i;
const QUESTION_WORD = /^(?:what|how|why|when|where|who|which)\s+(?!the\b|a\b|an\b|your\b|my\b)/i;

/**
 * A question from a heading or title: questions stay; instructions ask how ("Ask your first
 * question" → "How do I ask my first question?"); other topics ask for more.
 */
export function questionFrom(topic: string): string {
  const text = topic.replace(/\s+/g, " ").trim();
  if (text.endsWith("?")) return text;
  if (IMPERATIVE.test(text)) {
    const mine = text.replace(/\byour\b/gi, "my").replace(/\byou\b/gi, "I");
    return `How do I ${mine.charAt(0).toLowerCase()}${mine.slice(1)}?`;
  }
  if (QUESTION_WORD.test(text)) return `${text}?`;
  return `Tell me more about ${lowerFirst(text)}`;
}

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
  const topics: string[] = [];
  const titles: string[] = [];
  for (const source of options.sources) {
    const [title = "", fromTitle] = source.title.split(TITLE_SEPARATOR);
    const heading = source.heading ?? fromTitle;
    if (heading) topics.push(heading);
    if (title) titles.push(title);
  }
  const asked = new Set(terms(options.question));
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
    chosen.push(questionFrom(topic));
    chosenTopics.push(topic);
  }
  return chosen;
}
