import { STOP_WORDS, stem, terms } from "../../lib/text-tokens.ts";
import { type NeedsModelReason, needsModelMessage } from "./needs-model.ts";
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
  if (sources.length === 0) return needsModel("no-sources");
  const question = terms(options.question);
  const candidates = matching(candidatesOf(question, sources));
  if (candidates.length === 0) return needsModel("no-match");
  const picked = mmrSelect({
    candidates,
    max: options.maxSentences ?? MAX_SENTENCES,
    min: MIN_SENTENCES,
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
function matching(candidates: Candidate[]): Candidate[] {
  const sentences = candidates.filter((c) => !c.fragment);
  const bestSentence = sentences.reduce((m, c) => Math.max(m, c.coverage), 0);
  const firstSource = candidates.reduce((m, c) => Math.min(m, c.source), Number.POSITIVE_INFINITY);
  const usable = candidates.filter(
    (c) =>
      c.lexical > 0 &&
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
  const enough = Math.ceil(MATCH_SHARE * best);
  return usable.filter((c) => c.coverage >= (c.fragment ? best : enough));
}

function needsModel(reason: NeedsModelReason): OfflineAnswer {
  return { kind: "needs-model", reason, text: needsModelMessage(reason) };
}
