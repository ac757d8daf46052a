/**
 * Test-only reference: quote-match.ts's matcher as it was before the bit-parallel fuzzy finder
 * (one dynamic-programming LCS table per candidate window). The differential test and
 * bench/quote-match.ts compare the product's matcher against it; nothing in the product imports it.
 */

import type { QuoteMatchResult } from "../../src/lib/quote-match.ts";

const FUZZY_THRESHOLD = 0.75;
const FUZZY_MIN_WORDS = 4;

const NONE: QuoteMatchResult = { match: "none", start: 0, end: 0 };

const FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};

/**
 * The normalised text and, for each of its characters, the offset in the original where it came
 * from (plus one entry for the end).
 */
export function normalise(text: string): { text: string; map: number[] } {
  let out = "";
  const map: number[] = [];
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    // A word broken across a line end: "meas-\nured" reads "measured".
    if (ch === "-" && /\S/.test(text[i - 1] ?? " ")) {
      const rest = /^-[ \t]*\r?\n[ \t]*(?=\p{L})/u.exec(text.slice(i, i + 8));
      if (rest) {
        i += rest[0].length - 1;
        continue;
      }
    }
    if (ch === "\u00ad") continue;
    if (ch === " " || ch === "\n" || ch === "\t" || ch === "\r" || /\s/.test(ch)) {
      if (!space) {
        out += " ";
        map.push(i);
        space = true;
      }
      continue;
    }
    space = false;
    // ASCII needs no NFKC (the common case: normalising each character is the cost here).
    const code = ch.charCodeAt(0);
    const folded = code < 128 ? ch.toLowerCase() : (FOLD[ch] ?? ch).normalize("NFKC").toLowerCase();
    for (const c of folded) {
      out += c;
      map.push(i);
    }
  }
  if (out.endsWith(" ")) {
    out = out.slice(0, -1);
    map.pop();
  }
  map.push(text.length);
  return { text: out, map };
}

/** The original range of normalised [start, end). */
function originalRange(map: number[], start: number, end: number) {
  const from = map[start] ?? 0;
  const last = map[Math.max(start, end - 1)] ?? from;
  return { start: from, end: last + 1 };
}

export interface Token {
  word: string;
  start: number;
  end: number;
}

export function tokens(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * The tightest window of the text's tokens (at most 1.5× the quote's length) whose tokens match at
 * least FUZZY_THRESHOLD of the quote's tokens in order (a longest common subsequence).
 */
export function fuzzyReference(
  quote: Token[],
  text: Token[],
): { start: number; end: number } | null {
  const need = Math.ceil(quote.length * FUZZY_THRESHOLD);
  const maxWindow = Math.ceil(quote.length * 1.5);
  const words = new Set(quote.map((t) => t.word));
  let best: { start: number; end: number; score: number; width: number } | null = null;
  // How many of each window's tokens are quote words (a bag count, kept as the window slides):
  // the longest common subsequence cannot exceed it, so most windows are skipped without one.
  const inQuote = text.map((t) => (words.has(t.word) ? 1 : 0));
  // An alignment holding `need` of the quote's tokens starts at one of its first len − need + 1.
  const firsts = new Set(quote.slice(0, quote.length - need + 1).map((t) => t.word));
  let bag = 0;
  for (let i = 0; i < Math.min(maxWindow, text.length); i++) bag += inQuote[i] ?? 0;
  for (let from = 0; from < text.length; from++) {
    if (from > 0) bag += (inQuote[from + maxWindow - 1] ?? 0) - (inQuote[from - 1] ?? 0);
    if (!inQuote[from] || bag < need || !firsts.has(text[from]?.word ?? "")) continue;
    const window = text.slice(from, from + maxWindow);
    // LCS of quote × window, remembering where in the window the best prefix ended.
    let prev = new Array<number>(window.length + 1).fill(0);
    for (const q of quote) {
      const row = new Array<number>(window.length + 1).fill(0);
      for (let j = 1; j <= window.length; j++)
        row[j] =
          window[j - 1]?.word === q.word
            ? (prev[j - 1] ?? 0) + 1
            : Math.max(prev[j] ?? 0, row[j - 1] ?? 0);
      prev = row;
    }
    // The shortest window prefix that reaches the best score.
    const score = prev[window.length] ?? 0;
    if (score < need) continue;
    let width = window.length;
    while (width > 1 && (prev[width - 1] ?? 0) === score) width--;
    if (!best || score > best.score || (score === best.score && width < best.width)) {
      const last = window[width - 1];
      const first = window[0];
      if (first && last) best = { start: first.start, end: last.end, score, width };
    }
  }
  return best;
}

export function matchQuoteReference(quote: string, text: string): QuoteMatchResult {
  const wanted = quote.trim();
  if (!wanted) return NONE;
  const exact = text.indexOf(wanted);
  if (exact >= 0) return { match: "exact", start: exact, end: exact + wanted.length };
  const q = normalise(wanted).text;
  const t = normalise(text);
  if (!q) return NONE;
  const at = t.text.indexOf(q);
  if (at >= 0) return { match: "normalised", ...originalRange(t.map, at, at + q.length) };
  // A quote that copied a word hyphenated at a line end with the line break as a space
  // ("meas- ured", as a reply flattens its lines): the text joins "meas-\nured", so join it too.
  const joined = q.replace(/(?<=\S)- (?=\p{L})/gu, "");
  const atJoined = joined === q ? -1 : t.text.indexOf(joined);
  if (atJoined >= 0)
    return { match: "normalised", ...originalRange(t.map, atJoined, atJoined + joined.length) };
  const quoteTokens = tokens(q);
  if (quoteTokens.length < FUZZY_MIN_WORDS) return NONE;
  const found = fuzzyReference(quoteTokens, tokens(t.text));
  if (!found) return NONE;
  return { match: "fuzzy", ...originalRange(t.map, found.start, found.end) };
}
