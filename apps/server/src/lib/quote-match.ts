/**
 * Finds a cited quote in a passage's text (ARCHITECTURE.md §3.4): exactly; then after normalising
 * both (NFKC, case, quotes and dashes, soft hyphens, a word hyphenated across a line end, runs of
 * whitespace); then fuzzily, as LangExtract aligns an extraction: the tightest window of the text's
 * words that holds at least FUZZY_THRESHOLD of the quote's words in order. The range is in the
 * original text's offsets, so a viewer marks exactly those characters; "none" marks nothing.
 */

export type QuoteMatch = "exact" | "normalised" | "fuzzy" | "none";

export interface QuoteMatchResult {
  match: QuoteMatch;
  /** [start, end) in the text (0, 0 for "none"). */
  start: number;
  end: number;
}

/** LangExtract's fuzzy_alignment_threshold: the share of the quote's tokens that must match. */
export const FUZZY_THRESHOLD = 0.75;
/** A quote shorter than this many words is never matched fuzzily (too easy to find by chance). */
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
 * from (plus one entry for the end). Built in typed arrays (one string at the end): this runs on
 * every passage checked, and a string grown a character at a time left garbage for the collector.
 */
function normalise(text: string): { text: string; map: Int32Array } {
  let codes = new Uint16Array(text.length + 16);
  let map = new Int32Array(text.length + 17);
  // The code units written and the map's entries: one per code unit, except that a character whose
  // fold is astral (7 CJK compatibility ideographs) gets one entry for its two units, as before.
  let n = 0;
  let m = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // ASCII (the common case) is decided on its code: no NFKC, no regular expression.
    if (code < 128 && code !== 45) {
      if (code === 32 || (code >= 9 && code <= 13)) {
        if (!space) {
          codes[n++] = 32;
          map[m++] = i;
          space = true;
        }
        continue;
      }
      space = false;
      codes[n++] = code >= 65 && code <= 90 ? code + 32 : code;
      map[m++] = i;
      continue;
    }
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
    if (/\s/.test(ch)) {
      if (!space) {
        codes[n++] = 32;
        map[m++] = i;
        space = true;
      }
      continue;
    }
    space = false;
    const folded = code < 128 ? ch : (FOLD[ch] ?? ch).normalize("NFKC").toLowerCase();
    // NFKC may lengthen a character ("ﬃ" → "ffi", "㍻" → "平成"): grow the arrays so that this
    // fold and one unit for each character still to come fit.
    if (n + folded.length + (text.length - i) + 1 > codes.length) {
      const size = 2 * (codes.length + folded.length);
      const c = new Uint16Array(size);
      c.set(codes);
      codes = c;
      const p = new Int32Array(size + 1);
      p.set(map);
      map = p;
    }
    for (const c of folded) {
      for (let k = 0; k < c.length; k++) codes[n++] = c.charCodeAt(k);
      map[m++] = i;
    }
  }
  if (n > 0 && codes[n - 1] === 32) {
    n--;
    m--;
  }
  map[m++] = text.length;
  let out = "";
  for (let at = 0; at < n; at += 4096)
    out += String.fromCharCode.apply(null, codes.subarray(at, Math.min(n, at + 4096)) as never);
  return { text: out, map: map.subarray(0, m) };
}

/** ASCII without a hyphen: normalised by case and whitespace alone. */
function plainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || code === 45) return false;
  }
  return true;
}

/**
 * normalise(text).text without the offsets: what a quote is looked for as. Plain ASCII (most
 * quotes) takes the string functions; the rest goes through normalise.
 */
function normalisedText(text: string): string {
  if (plainAscii(text))
    return text
      .toLowerCase()
      .replace(/[\t\n\v\f\r ]+/g, " ")
      .trim();
  return normalise(text).text;
}

/** The original range of normalised [start, end). */
function originalRange(map: Int32Array, start: number, end: number) {
  const from = map[start] ?? 0;
  const last = map[Math.max(start, end - 1)] ?? from;
  return { start: from, end: last + 1 };
}

export interface Token {
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/uy;
const GAP = /[^\p{L}\p{N}]+/uy;

/**
 * The runs of letters and digits, as `text.matchAll(/[\p{L}\p{N}]+/gu)` finds them, read with
 * sticky tests that only move lastIndex (a match array per word was most of this path's garbage).
 */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  while (at < text.length) {
    GAP.lastIndex = at;
    if (GAP.test(text)) at = GAP.lastIndex;
    if (at >= text.length) break;
    WORD.lastIndex = at;
    // A letter or digit is next (GAP took everything else): never false, but never loop forever.
    if (!WORD.test(text)) break;
    const end = WORD.lastIndex;
    out.push({ word: text.slice(at, end), start: at, end });
    at = end;
  }
  return out;
}

/** Bits per word of the bit-parallel LCS's vectors. */
const BITS = 32;

/**
 * The tightest window of the text's tokens (at most 1.5× the quote's length) whose tokens match at
 * least FUZZY_THRESHOLD of the quote's tokens in order (a longest common subsequence); on a tie of
 * score and width, the first. Each candidate window's LCS with the quote is computed bit-parallel
 * (Allison–Dix, in Hyyrö's form): one vector over the quote's tokens, updated per window token with
 * an add and two masks, holds the LCS of the quote with the window's prefix read so far (its zero
 * bits), so a window costs its length × ⌈quote tokens / 32⌉ word operations instead of a full
 * quote × window table. Returns the same window as the table did (test/support/quote-match.reference.ts;
 * quote-match.differential.test.ts compares them).
 */
export function fuzzyWindow(quote: Token[], text: Token[]): { start: number; end: number } | null {
  const m = quote.length;
  const need = Math.ceil(m * FUZZY_THRESHOLD);
  const maxWindow = Math.ceil(m * 1.5);
  // The quote's distinct words as small ids; each id's match mask over the quote's positions.
  const ids = new Map<string, number>();
  const quoteIds = quote.map((t) => {
    let id = ids.get(t.word);
    if (id === undefined) {
      id = ids.size;
      ids.set(t.word, id);
    }
    return id;
  });
  const words = Math.ceil(m / BITS);
  const masks = new Int32Array(ids.size * words);
  for (let i = 0; i < m; i++) {
    const at = (quoteIds[i] ?? 0) * words + Math.floor(i / BITS);
    masks[at] = (masks[at] ?? 0) | (1 << (i % BITS));
  }
  // An alignment holding `need` of the quote's tokens starts at one of its first m − need + 1.
  const first = new Uint8Array(ids.size);
  for (let i = 0; i < m - need + 1; i++) first[quoteIds[i] ?? 0] = 1;
  const textIds = new Int32Array(text.length);
  for (let j = 0; j < text.length; j++) textIds[j] = ids.get(text[j]?.word ?? "") ?? -1;
  // The bits of the top word beyond the quote stay set: V & ~M keeps them, so they count no match.
  const topSpare = m % BITS === 0 ? 0 : ~0 << (m % BITS);
  const v = new Int32Array(words);
  let best: { start: number; end: number; score: number; width: number } | null = null;
  // How many of each window's tokens are quote words (a bag count, kept as the window slides):
  // the LCS cannot exceed it (nor m), so most windows are skipped without one.
  let bag = 0;
  for (let j = 0; j < Math.min(maxWindow, text.length); j++) bag += (textIds[j] ?? -1) >= 0 ? 1 : 0;
  for (let from = 0; from < text.length; from++) {
    if (from > 0) {
      const enter = from + maxWindow - 1;
      if (enter < text.length && (textIds[enter] ?? -1) >= 0) bag++;
      if ((textIds[from - 1] ?? -1) >= 0) bag--;
    }
    const id = textIds[from] ?? -1;
    if (id < 0 || bag < need || !first[id]) continue;
    // A window that cannot reach the best score so far cannot replace it.
    if (best && Math.min(bag, m) < best.score) continue;
    v.fill(-1);
    const end = Math.min(from + maxWindow, text.length);
    let score = 0;
    let width = 0;
    for (let j = from; j < end; j++) {
      const tid = textIds[j] ?? -1;
      if (tid < 0) continue;
      // V ← (V + (V & M)) | (V & ~M), one 32-bit word at a time with the carry.
      const base = tid * words;
      let carry = 0;
      let zeros = 0;
      for (let w = 0; w < words; w++) {
        const x = v[w] ?? 0;
        const mask = masks[base + w] ?? 0;
        const sum = (x >>> 0) + ((x & mask) >>> 0) + carry;
        carry = sum > 0xffffffff ? 1 : 0;
        const next = sum | 0 | (x & ~mask) | (w === words - 1 ? topSpare : 0);
        v[w] = next;
        zeros += popcount(~next);
      }
      // The LCS of the quote with the window's first j − from + 1 tokens: the first prefix that
      // reaches a new score is the shortest that holds it.
      if (zeros > score) {
        score = zeros;
        width = j - from + 1;
        if (score === m) break;
      }
    }
    if (score < need) continue;
    if (!best || score > best.score || (score === best.score && width < best.width)) {
      const last = text[from + width - 1];
      const head = text[from];
      if (head && last) best = { start: head.start, end: last.end, score, width };
    }
  }
  return best;
}

function popcount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A text quotes are looked for in, normalised (and its words read) once however many quotes are
 * looked for in it: a reply's citation checks look for each cited sentence in its source.
 */
export class QuoteText {
  private normalisedText: { text: string; map: Int32Array } | null = null;
  private words: Token[] | null = null;
  constructor(readonly text: string) {}

  get normalised(): { text: string; map: Int32Array } {
    this.normalisedText ??= normalise(this.text);
    return this.normalisedText;
  }

  get tokens(): Token[] {
    this.words ??= tokens(this.normalised.text);
    return this.words;
  }
}

/** Finds `quote` in `where` (a text, or one prepared for many quotes). */
export function matchQuote(quote: string, where: string | QuoteText): QuoteMatchResult {
  const wanted = quote.trim();
  if (!wanted) return NONE;
  const prepared = typeof where === "string" ? new QuoteText(where) : where;
  const text = prepared.text;
  const exact = text.indexOf(wanted);
  if (exact >= 0) return { match: "exact", start: exact, end: exact + wanted.length };
  const q = normalisedText(wanted);
  if (!q) return NONE;
  const t = prepared.normalised;
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
  const found = fuzzyWindow(quoteTokens, prepared.tokens);
  if (!found) return NONE;
  return { match: "fuzzy", ...originalRange(t.map, found.start, found.end) };
}
