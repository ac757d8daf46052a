import { STOP_WORDS, stem, terms } from "../../lib/text-tokens.ts";
import { type NeedsModelReason, needsModelMessage, type Searched } from "./needs-model.ts";
import type { PromptSource } from "./prompt-format.ts";
import { bm25Scores, type MmrCandidate, mmrSelect, termVector } from "./scoring.ts";
import { quotableFragments, quotableSentences } from "./sentences.ts";

/** One quoted sentence and the number of the source it was copied from. */
export interface Citation {
  sentence: string;
  source: number;
}

export type OfflineAnswer =
  | { kind: "extractive"; text: string; citations: Citation[] }
  | { kind: "needs-model"; reason: NeedsModelReason; text: string };

export const MIN_SENTENCES = 3;
export const MAX_SENTENCES = 6;

/** Weight of the question's match with the title of the sentence's source. */
const TITLE_WEIGHT = 0.3;
/** Weight of the search engine's order: source [1] gets all of it, the last none. */
const RANK_WEIGHT = 0.25;
/** Weight of the better-matching neighbour sentence (same source): context travels together. */
const NEIGHBOUR_WEIGHT = 0.3;
/** Bonus for a sentence that opens with a word of the question ("Nexus is …" for "What is Nexus?"). */
const LEAD_WEIGHT = 0.15;
/** Share of the source signals a sentence sharing no word with the question keeps. */
const OFF_TOPIC_FACTOR = 0.5;
/** MMR: relevance vs novelty, and when to stop after the minimum (share of the first pick). */
const LAMBDA = 0.7;
const CUTOFF = 0.45;
/** A quote holds at least this share of the question's words the best match holds. */
const MATCH_SHARE = 0.75;
/**
 * The relevance floor: the best quote holds at least this share of the question's topic words,
 * else the engine says it does not know ("How do heat pumps work in cold climates?" over guides
 * that share only "work" with it).
 */
export const COVERAGE_FLOOR = 0.5;
/** No quote scores under this share of the best quote's match (no padding far below it). */
const RELATIVE_FLOOR = 0.5;
/** Stemmed words that ask something but name no topic: they count for no match on their own. */
const WEAK_TERMS: ReadonlySet<string> = new Set(
  (
    "work happen mean need find thing good best new take give help start make see look keep " +
    "come go way differ difference exampl explain describ say section chapter page part " +
    "paragraph document summaris summariz summary overview tldr recap gist briefly"
  ).split(" "),
);

/** The question's topic words (its weak ones only when it has nothing else). */
function topicTerms(question: readonly string[]): string[] {
  const strong = question.filter((t) => !WEAK_TERMS.has(t));
  return strong.length > 0 ? strong : [...question];
}

/** Words a phrase cannot end on: a quote ending on one was cut ("… would require the"). */
const DANGLING: ReadonlySet<string> = new Set(
  "a an the of to in into for with and or but nor by from on at as that which whose than".split(
    " ",
  ),
);

/** A quote that stops mid-phrase ("This proposed AD would require the ①"): not a whole sentence. */
function isClipped(text: string): boolean {
  const last = /([\p{L}\p{N}]+)[^\p{L}\p{N}]*$/u.exec(text);
  if (!last?.[1]) return true;
  if (DANGLING.has(last[1].toLowerCase()) && !/[.!?]["')\]]*$/.test(text)) return true;
  // A symbol after the last word that is no punctuation (a circled digit, a stray glyph).
  return /[^\p{L}\p{N}\s.!?,;:"'’”)\]…*_`%°-]\s*$/u.test(text);
}

interface Candidate extends MmrCandidate {
  source: number;
  position: number;
  sentence: string;
  lexical: number;
  /** Distinct words of the question it holds. */
  coverage: number;
  /** A heading, table row, list item or line without a sentence end. */
  fragment: boolean;
}

/** The stemmed first word of a sentence ("" for a stop word). */
function leadTerm(sentence: string): string {
  const first = /[\p{L}\p{N}]+/u.exec(sentence)?.[0]?.toLowerCase() ?? "";
  return STOP_WORDS.has(first) ? "" : stem(first);
}

function normalise(values: number[]): number[] {
  const max = values.reduce((m, v) => (v > m ? v : m), 0);
  return values.map((v) => (max > 0 ? v / max : 0));
}

function candidatesOf(question: string[], sources: readonly PromptSource[]): Candidate[] {
  const seen = new Set<string>();
  const raw: Array<{
    source: number;
    position: number;
    sentence: string;
    terms: string[];
    fragment: boolean;
  }> = [];
  const add = (source: number, sentence: string, fragment: boolean) => {
    const key = sentence.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    // Document order: a fragment sits by where the content holds it.
    raw.push({ source, position: 0, sentence, terms: terms(sentence), fragment });
  };
  for (const source of sources) {
    const start = raw.length;
    for (const sentence of quotableSentences(source.content)) add(source.n, sentence, false);
    for (const fragment of quotableFragments(source.content)) add(source.n, fragment, true);
    for (const r of raw.slice(start)) r.position = source.content.indexOf(r.sentence);
    raw.splice(
      start,
      raw.length - start,
      ...raw.slice(start).sort((a, b) => a.position - b.position),
    );
  }
  const asked = new Set(question);
  const lexical = normalise(bm25Scores({ query: question, documents: raw.map((r) => r.terms) }));
  const titleScores = normalise(
    bm25Scores({ query: question, documents: sources.map((s) => terms(s.title)) }),
  );
  const titleOf = new Map(sources.map((s, i) => [s.n, titleScores[i] ?? 0]));
  const last = Math.max(1, sources.length - 1);
  return raw.map((r, i) => {
    const lex = lexical[i] ?? 0;
    const neighbour = Math.max(
      raw[i - 1]?.source === r.source ? (lexical[i - 1] ?? 0) : 0,
      raw[i + 1]?.source === r.source ? (lexical[i + 1] ?? 0) : 0,
    );
    const rank = 1 - Math.min(1, (r.source - 1) / last);
    const context = TITLE_WEIGHT * (titleOf.get(r.source) ?? 0) + RANK_WEIGHT * rank;
    const lead = asked.has(leadTerm(r.sentence)) ? LEAD_WEIGHT : 0;
    return {
      source: r.source,
      position: r.position,
      sentence: r.sentence,
      lexical: lex,
      coverage: new Set(r.terms.filter((t) => asked.has(t))).size,
      fragment: r.fragment,
      relevance:
        lex + lead + (lex > 0 ? 1 : OFF_TOPIC_FACTOR) * context + NEIGHBOUR_WEIGHT * neighbour,
      vector: termVector(r.terms),
    };
  });
}

/**
 * The answer leads with the source of the best sentence: sources in the order of their first pick
 * (MMR picks the most relevant sentence first), each source's sentences in its own order.
 */
function ordered(picked: Candidate[]): Candidate[] {
  const rank = new Map<number, number>();
  for (const c of picked) if (!rank.has(c.source)) rank.set(c.source, rank.size);
  return [...picked].sort(
    (a, b) => (rank.get(a.source) ?? 0) - (rank.get(b.source) ?? 0) || a.position - b.position,
  );
}

/** "Sentence. [n]" per sentence; a paragraph per source, and one per fragment (a heading, a row). */
function render(citations: Candidate[]): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let source = -1;
  let fragment = false;
  for (const c of citations) {
    if ((c.source !== source || c.fragment || fragment) && current.length > 0) {
      paragraphs.push(current.join(" "));
      current = [];
    }
    fragment = c.fragment;
    source = c.source;
    current.push(`${c.sentence} [${c.source}]`);
  }
  if (current.length > 0) paragraphs.push(current.join(" "));
  return paragraphs.join("\n\n");
}

/**
 * The offline engine's answer: 3–6 verbatim sentences of the sources (fewer only when the sources
 * have fewer quotable sentences), scored with BM25 against the question, diversified with MMR,
 * each followed by the [n] of its source. Declines (needs-model) when there is nothing to quote.
 */
export function composeAnswer(options: {
  question: string;
  sources: readonly PromptSource[];
  maxSentences?: number;
}): OfflineAnswer {
  const { sources } = options;
  if (sources.length === 0) return needsModel("no-sources", searched(options.question, sources));
  const question = terms(options.question);
  // The floor's topic words: not the words of an address the question holds (its page is read).
  const topic = topicTerms(terms(options.question.replace(/\bhttps?:\/\/\S+/gi, " ")));
  const candidates = matching(
    candidatesOf(question, sources),
    topic,
    sourceCoverage(topic, sources),
  );
  if (candidates.length === 0) return needsModel("no-match", searched(options.question, sources));
  const picked = mmrSelect({
    candidates,
    max: options.maxSentences ?? MAX_SENTENCES,
    // One good quote is an answer: never padded to a minimum with weaker ones.
    min: 1,
    lambda: LAMBDA,
    cutoff: CUTOFF,
  })
    .map((i) => candidates[i])
    .filter((c): c is Candidate => c !== undefined);
  const chosen = ordered(picked);
  return {
    kind: "extractive",
    text: render(chosen),
    citations: chosen.map((c) => ({ sentence: c.sentence, source: c.source })),
  };
}

/**
 * The candidates that answer the question: never one that shares no word with it, nor one that
 * holds under MATCH_SHARE of the words the lead quote holds (one good quote beats four padded
 * ones); a further fragment must hold as many as the lead quote (a table-of-contents line of another
 * document that shares two words is no answer).
 * A fragment (a heading, a table row, a list item, a line without a sentence end) is quoted only
 * when it holds more of the question's words than every sentence, or when it is as good and comes
 * from the top-ranked source (the page the search ranked first holds only a heading and a line).
 */
function matching(
  candidates: Candidate[],
  topic: readonly string[],
  coverage: ReadonlyMap<number, number>,
): Candidate[] {
  const sentences = candidates.filter((c) => !c.fragment);
  const bestSentence = sentences.reduce((m, c) => Math.max(m, c.coverage), 0);
  const firstSource = candidates.reduce((m, c) => Math.min(m, c.source), Number.POSITIVE_INFINITY);
  const usable = candidates.filter(
    (c) =>
      c.lexical > 0 &&
      !isClipped(c.sentence) &&
      c.coverage > 0 &&
      (!c.fragment ||
        c.coverage > bestSentence ||
        (c.coverage === bestSentence && c.source === firstSource)),
  );
  // The lead quote (MMR picks the most relevant first) sets the bar for the others.
  const lead = usable.reduce<Candidate | undefined>(
    (m, c) => (m === undefined || c.relevance > m.relevance ? c : m),
    undefined,
  );
  const best = lead?.coverage ?? 0;
  // The relevance floor: a source quoted from must hold enough of the question's topic words.
  const distinct = new Set(topic).size;
  // Half of them, and both of two ("Why is the sky blue?" is not about the Blue colour theme).
  const needed = distinct === 2 ? 2 : Math.ceil(COVERAGE_FLOOR * distinct);
  const covered = usable.reduce((m, c) => Math.max(m, coverage.get(c.source) ?? 0), 0);
  if (best === 0 || covered < needed) return [];
  const enough = Math.ceil(MATCH_SHARE * best);
  const floor = RELATIVE_FLOOR * (lead?.lexical ?? 0);
  return usable.filter((c) => c.coverage >= (c.fragment ? best : enough) && c.lexical >= floor);
}

/** How many of the question's topic words each source holds (its title and its text). */
function sourceCoverage(topic: readonly string[], sources: readonly PromptSource[]) {
  const wanted = new Set(topic);
  return new Map(
    sources.map((s) => {
      const held = new Set(terms(`${s.title}\n${s.content}`).filter((t) => wanted.has(t)));
      return [s.n, held.size] as const;
    }),
  );
}

/** What the engine searched, for its "I do not know" message. */
function searched(question: string, sources: readonly PromptSource[]): Searched {
  const titles = [...new Set(sources.map((s) => s.title.split(" — ")[0] ?? s.title))];
  return { question, titles };
}

function needsModel(reason: NeedsModelReason, what?: Searched): OfflineAnswer {
  return { kind: "needs-model", reason, text: needsModelMessage(reason, what) };
}
