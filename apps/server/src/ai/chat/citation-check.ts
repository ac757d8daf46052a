import { type CitationCheck, type CitationMatch, citationRuns } from "@nexus/contracts";
import { matchQuote, QuoteText, tokens } from "../../lib/quote-match.ts";
import { STOP_WORDS, stem } from "../../lib/text-tokens.ts";
import { sentenceEnd, sentenceStart } from "./citation-sentences.ts";

/**
 * Checks a reply's citations (issue 38): each cited sentence (or a marker's own quote) is looked
 * for in the text its source stood for when the model wrote it — first with the quote matcher
 * research uses (lib/quote-match.ts: exact, normalised, fuzzy), then as a paraphrase: most of its
 * content words, and every number it states, in one or two consecutive sentences of the source.
 * The supporting passage comes with the mark; an unsupported sentence gets the closest passage.
 * Pure and synchronous: no model, no I/O (bench/citation-check.ts measures it).
 */

/** Share of the sentence's content words one passage must hold for a paraphrase to count. */
export const OVERLAP_THRESHOLD = 0.6;
/** A paraphrase is judged on at least this many content words (fewer: found as written only). */
const MIN_TERMS = 2;
/** Characters of a passage kept with a check. */
export const PASSAGE_CHARS = 400;

interface SourceSentence {
  start: number;
  end: number;
  terms: Set<string>;
}

/** One source's text, split and tokenised once however many sentences cite it. */
export class PreparedSource {
  private split: SourceSentence[] | null = null;
  /** The stretches of it quotes were looked for in, normalised once each (by "start:end"). */
  private readonly regions = new Map<string, QuoteText>();
  constructor(readonly text: string) {}

  /** text[start, end) as the quote matcher reads it, prepared once. */
  region(start: number, end: number): QuoteText {
    const key = `${start}:${end}`;
    let region = this.regions.get(key);
    if (!region) {
      region = new QuoteText(
        start === 0 && end === this.text.length ? this.text : this.text.slice(start, end),
      );
      this.regions.set(key, region);
    }
    return region;
  }

  get sentences(): SourceSentence[] {
    if (this.split) return this.split;
    const out: SourceSentence[] = [];
    const boundary = /[.!?]+["')\]]*(?=\s)|\n/g;
    let start = 0;
    const push = (end: number) => {
      const slice = this.text.slice(start, end);
      const lead = slice.length - slice.trimStart().length;
      const s = start + lead;
      const e = start + slice.trimEnd().length;
      if (e > s) out.push({ start: s, end: e, terms: termSet(this.text.slice(s, e)) });
    };
    for (const m of this.text.matchAll(boundary)) {
      const end = m.index + m[0].length;
      push(end);
      start = end;
    }
    push(this.text.length);
    this.split = out;
    return out;
  }
}

/** Words already stemmed (a cache that may be lost: cleared when it grows large). */
const STEMS = new Map<string, string | null>();
const MAX_STEMS = 50_000;

/** A word's stemmed term, or null for a stop word or a lone letter. */
function termOf(token: string): string | null {
  let term = STEMS.get(token);
  if (term !== undefined) return term;
  const word = token.toLowerCase();
  term = STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word)) ? null : stem(word);
  if (STEMS.size >= MAX_STEMS) STEMS.clear();
  STEMS.set(token, term);
  return term;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Is code unit `c` (at i) part of a word: ASCII decided on its code, the rest by its class. */
function isWordUnit(text: string, i: number, c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (c >= 0xd800 && c <= 0xdfff) return true;
  return WORD_CHAR.test(text[i] ?? "");
}

/**
 * Stemmed content words, as a set. Read a code unit at a time (the runs of letters and digits
 * the quote matcher's tokenizer finds, without a regular expression per ASCII word): every
 * sentence of every cited source goes through here.
 */
export function termSet(text: string): Set<string> {
  const out = new Set<string>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const word = i < text.length && isWordUnit(text, i, text.charCodeAt(i));
    if (word) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const term = termOf(text.slice(start, i));
    if (term !== null) out.add(term);
    start = -1;
  }
  return out;
}

/** Words that state a quantity: a sentence and its support must agree on them. */
const NUMBER_WORDS = new Set(
  (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " +
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty " +
    "ninety hundred thousand million billion trillion once twice thrice half quarter double " +
    "triple first second third fourth fifth"
  ).split(" "),
);
const isNumber = (term: string) => /^\d/.test(term) || NUMBER_WORDS.has(term);
/** Negation: a sentence that says "not" is not supported by a passage that does not. */
const NEGATION = /\b(?:not|no|never|cannot|none|neither|nor|without)\b|n['’]t\b/i;

/** The quantities a text states (digits and number words), lower-case. */
function quantities(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokens(text)) {
    const word = t.word.toLowerCase();
    if (isNumber(word)) out.add(word);
  }
  return out;
}

const within = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x));

function clip(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= PASSAGE_CHARS ? t : `${t.slice(0, PASSAGE_CHARS - 1).trimEnd()}…`;
}

/** The sentence(s) of the source around [start, end): the passage a found quote sits in. */
function passageAround(source: PreparedSource, start: number, end: number): string {
  const sentences = source.sentences;
  const first = sentences.find((s) => s.end > start);
  const last = [...sentences].reverse().find((s) => s.start < end);
  if (!first || !last) return clip(source.text.slice(start, end));
  return clip(source.text.slice(Math.min(first.start, start), Math.max(last.end, end)));
}

/** Checks one sentence against one source. */
export function checkSentence(
  sentence: string,
  source: PreparedSource,
): { match: CitationMatch; passage: string } {
  const wantedText = sentence.trim();
  if (wantedText === "") return { match: "none", passage: "" };
  // Copied as written: found at once, without tokenising the source.
  const at = source.text.indexOf(wantedText);
  if (at >= 0)
    return { match: "exact", passage: passageAround(source, at, at + wantedText.length) };
  const stated = quantities(sentence);
  const wanted = termSet(sentence);
  const numbers = [...wanted].filter(isNumber);
  const sentences = source.sentences;
  // The one or two consecutive sentences of the source holding most of the sentence's words.
  let best = { hits: 0, first: -1, last: -1, numbersOk: false };
  for (let i = 0; i < sentences.length; i++) {
    const a = sentences[i];
    if (!a) continue;
    // The sentence alone, then with the next one (a claim drawn from two sentences of a passage).
    for (let width = 1; width <= 2; width++) {
      const b = width === 2 ? sentences[i + 1] : a;
      if (!b) break;
      let hits = 0;
      for (const t of wanted) if (a.terms.has(t) || b.terms.has(t)) hits++;
      // A wider window wins only with more words found.
      if (hits > best.hits) {
        const numbersOk = numbers.every((t) => a.terms.has(t) || b.terms.has(t));
        best = { hits, first: i, last: i + width - 1, numbersOk };
      }
    }
  }
  // The quote matcher (normalised, then fuzzy) where the words are: that window and the
  // sentences either side of it, not the whole source (a source may be a long page).
  const from = sentences[Math.max(0, best.first - 1)]?.start ?? 0;
  const to = sentences[Math.min(sentences.length - 1, best.last + 1)]?.end ?? source.text.length;
  const offset = best.first >= 0 ? from : 0;
  const prepared = best.first >= 0 ? source.region(from, to) : source.region(0, source.text.length);
  const region = prepared.text;
  const found = matchQuote(sentence, prepared);
  if (found.match !== "none") {
    const passage = passageAround(source, offset + found.start, offset + found.end);
    // A fuzzy match may differ in a word: not in a number ("five" for "two"), nor a "not".
    const matched = region.slice(found.start, found.end);
    const agrees =
      found.match !== "fuzzy" ||
      (within(stated, quantities(matched)) && NEGATION.test(sentence) === NEGATION.test(matched));
    return { match: agrees ? found.match : "none", passage };
  }
  const a = sentences[best.first];
  const b = sentences[best.last];
  if (!a || !b || wanted.size === 0) return { match: "none", passage: "" };
  const raw = source.text.slice(a.start, b.end);
  const passage = clip(raw);
  const supported =
    wanted.size >= MIN_TERMS &&
    best.hits / wanted.size >= OVERLAP_THRESHOLD &&
    best.numbersOk &&
    within(stated, quantities(raw)) &&
    (!NEGATION.test(sentence) || NEGATION.test(raw));
  return { match: supported ? "overlap" : "none", passage };
}

/** Markdown marks that are not words of the sentence. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[\d{1,4}(?:[ \t]*,[ \t]*\d{1,4})*(?::\s*["“][^"”\]]*["”])?\]/g, " ")
    .replace(/^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)\s+/gm, "")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The checks of a reply's citations. `sources`: the text each source n stood for (a source
 * without one is not checked); `count`: how many sources the reply has (a larger [n] is text).
 */
export function checkCitations(options: {
  text: string;
  sources: ReadonlyMap<number, string>;
  count: number;
}): CitationCheck[] {
  const prepared = new Map<number, PreparedSource>();
  const out: CitationCheck[] = [];
  const bySentence = new Map<string, { match: CitationMatch; passage: string }>();
  for (const run of citationRuns(options.text, options.count)) {
    const sourceText = options.sources.get(run.source);
    if (sourceText === undefined) continue;
    let source = prepared.get(run.source);
    if (!source) {
      source = new PreparedSource(sourceText);
      prepared.set(run.source, source);
    }
    const start = sentenceStart(options.text, run.index);
    const end = sentenceEnd(options.text, run.end);
    const sentence =
      run.quote ?? plain(options.text.slice(start, run.index)).replace(/[ \t]+$/, "");
    const key = `${run.source}\u0000${sentence}`;
    let result = bySentence.get(key);
    if (!result) {
      result = sentence === "" ? { match: "none", passage: "" } : checkSentence(sentence, source);
      bySentence.set(key, result);
    }
    out.push({
      source: run.source,
      occurrence: run.occurrence,
      sentence,
      start,
      end,
      verified: result.match !== "none",
      match: result.match,
      passage: result.passage,
    });
  }
  return out;
}
