import { describe, expect, it } from "vitest";
import {
  fuzzyReference,
  matchQuoteReference,
  tokens as tokensReference,
} from "../../test/support/quote-match.reference.ts";
import { FUZZY_THRESHOLD, fuzzyWindow, matchQuote, tokens } from "./quote-match.ts";

/** Generated cases per property: 500 in `npm test` (CI's 20 minutes), 2,000 nightly (NIGHTLY=1). */
const CASES = process.env.NIGHTLY === "1" ? 2_000 : 500;
/** How many of 2,000 cases must reach a kind of outcome, scaled to CASES (the seeds are fixed). */
const share = (of2000: number) => Math.round((of2000 * CASES) / 2_000);

/**
 * The bit-parallel fuzzy finder against the table-per-window one it replaced (the reference):
 * seeded generated texts and quotes — English prose with line-end hyphenation, soft hyphens, curly
 * quotes and dashes; tables of repeated numbers; Arabic and Japanese; OCR noise; near-miss quotes
 * around the 3/4 threshold; quotes of 4 to 100 words (across the 32-bit words of the vectors) —
 * must give the same match and range.
 */

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)] as T;

const ENGLISH =
  "the trace tree interpreter measured loop hot paths about of them nothing else was kept compiler recorded at run time type stable native code guard exit side branch speedup benchmark".split(
    " ",
  );
const NUMBERS = "0 1 2 3 5 8 10 1.0 2.0 1.3 - 25.47x 3d-cube access-nbody".split(" ");
const ARABIC =
  "في البداية كان النص المقتبس من الوثيقة يحتوي على كلمات عربية مثل الكتاب والمدرسة والعلم".split(
    " ",
  );
const JAPANESE =
  "トレース 木 は 実行時 に 記録 され 、 インタプリタ が ループ の 経路 を 測定 した 。 東京 日本語".split(
    " ",
  );
/** NFKC lengthens these (U+FDFA to 18 characters); U+FA6C folds to an astral ideograph. */
const COMPATIBILITY = "ﬁle ﬃx ㍻ \ufdfa ① ㎞ Ⅻ \ufa6c \ufad5 ｶﾀｶﾅ ＡＢＣ".split(" ");
const LANGS = [
  ENGLISH,
  NUMBERS,
  ARABIC,
  JAPANESE,
  [...ENGLISH, ...NUMBERS],
  [...ENGLISH, ...JAPANESE, ...COMPATIBILITY],
  COMPATIBILITY,
] as const;
const SEPARATORS = [
  ...[" ", " ", " ", "  ", "\n", ", ", ". ", " – ", " “", "” ", " - ", "' "],
  ...["\t", "\r\n", "\u00a0", "\u3000", "\f", "\v", " \u2014 ", "\u2019 "],
];

/** A passage of `count` words from `vocab`, with line breaks, hyphenation and typography. */
function passage(r: Rand, vocab: readonly string[], count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    let word = pick(r, vocab);
    if (r() < 0.1) word = word.toUpperCase();
    if (word.length > 5 && r() < 0.06) {
      const cut = 2 + int(r, word.length - 3);
      word = `${word.slice(0, cut)}${pick(r, ["-\n", "-\n", "- \r\n ", "\u00ad", "-"])}${word.slice(cut)}`;
    }
    out += (i ? pick(r, SEPARATORS) : "") + word;
  }
  return out;
}

/** Scanner damage: letters swapped for look-alikes, dropped, doubled, split by a space. */
function ocrNoise(r: Rand, text: string, rate: number): string {
  const swaps: Record<string, string> = { m: "rn", l: "1", O: "0", e: "c", i: "í", ل: "ا" };
  let out = "";
  for (const ch of text) {
    if (r() >= rate) out += ch;
    else out += pick(r, [swaps[ch] ?? ch, "", ch + ch, `${ch} `]);
  }
  return out;
}

/** A quote of `count` words cut from the text, then changed so roughly `damage` of it misses. */
function quoteFrom(r: Rand, text: string, vocab: readonly string[], count: number, damage: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const at = int(r, Math.max(1, words.length - count));
  const out: string[] = [];
  for (const word of words.slice(at, at + count)) {
    const roll = r();
    if (roll < damage / 3) out.push(pick(r, vocab));
    else if (roll < (damage * 2) / 3) out.push(`zz${int(r, 99)}`);
    else if (roll < damage) continue;
    else out.push(r() < 0.1 ? word.toLowerCase() : word);
    if (r() < damage / 4) out.push(pick(r, vocab));
  }
  if (r() < 0.2 && out.length > 2) {
    const i = int(r, out.length - 1);
    [out[i], out[i + 1]] = [out[i + 1] ?? "", out[i] ?? ""];
  }
  const quote = out.join(" ");
  return r() < 0.2 ? ocrNoise(r, quote, 0.03) : quote;
}

describe("fuzzyWindow (bit-parallel) against the reference (an LCS table per window)", () => {
  it(`matchQuote gives the same match and range on ${CASES} generated quote/text pairs`, () => {
    const r = rng(25);
    const seen = { exact: 0, normalised: 0, fuzzy: 0, none: 0 };
    const differ: object[] = [];
    for (let n = 0; n < CASES; n++) {
      const vocab = pick(r, LANGS);
      let text = passage(r, vocab, 40 + int(r, 200));
      if (r() < 0.3) text = ocrNoise(r, text, 0.02 + r() * 0.05);
      const count = pick(r, [4, 5, 8, 12, 20, 31, 32, 33, 40, 63, 64, 65, 100]);
      const damage = pick(r, [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.6]);
      const quote =
        r() < 0.05 ? passage(r, vocab, count) : quoteFrom(r, text, vocab, count, damage);
      const got = matchQuote(quote, text);
      const want = matchQuoteReference(quote, text);
      if (got.match !== want.match || got.start !== want.start || got.end !== want.end)
        differ.push({ n, quote, text, got, want });
      seen[got.match]++;
    }
    expect(differ.slice(0, 3)).toEqual([]);
    // The pairs reach every path: fuzzy matches and misses (the fuzzy finder ran and found none).
    expect(seen.fuzzy).toBeGreaterThan(share(600));
    expect(seen.none).toBeGreaterThan(share(200));
    expect(seen.normalised).toBeGreaterThan(share(50));
  });

  it("finds the same window in random token sequences over a few words (many ties)", () => {
    const r = rng(7);
    let found = 0;
    let atThreshold = 0;
    const differ: object[] = [];
    for (let n = 0; n < CASES; n++) {
      const alphabet = "abcdefgh".slice(0, 2 + int(r, 6)).split("");
      const seq = (len: number) => Array.from({ length: len }, () => pick(r, alphabet)).join(" ");
      const quote = tokensReference(seq(4 + int(r, 70)));
      const text = tokensReference(seq(int(r, 120)));
      const got = fuzzyWindow(quote, text);
      const want = fuzzyReference(quote, text);
      if (got?.start !== want?.start || got?.end !== want?.end) differ.push({ n, got, want });
      if (got) found++;
      // The reference's window carries its score (its declared type leaves it out).
      const score = (want as { score?: number } | null)?.score;
      if (score === Math.ceil(quote.length * FUZZY_THRESHOLD)) atThreshold++;
    }
    expect(differ.slice(0, 3)).toEqual([]);
    expect(found).toBeGreaterThan(share(700));
    // Near misses: windows found with just enough of the quote's words.
    expect(atThreshold).toBeGreaterThan(share(100));
  });

  it("splits the same words as the reference's matchAll, lone surrogates and marks included", () => {
    const r = rng(11);
    const extra = ["\ud835", "\udc00", "😀", "\u0301", "é", "x\u0308", "٣", "²", "_", "'"];
    for (let n = 0; n < 500; n++) {
      let text = passage(r, pick(r, LANGS), int(r, 60));
      for (let k = int(r, 4); k > 0; k--) {
        const at = int(r, text.length + 1);
        text = text.slice(0, at) + pick(r, extra) + text.slice(at);
      }
      expect(tokens(text)).toEqual(tokensReference(text));
    }
  });

  it("aligns Arabic and Japanese quotes with a word changed, as the reference does", () => {
    const arabic = "في البداية كان النص المقتبس من الوثيقة يحتوي على كلمات عربية مثل الكتاب";
    const quote = "كان النص المقتبس من الوثيقة يحتوي على حروف عربية";
    expect(matchQuote(quote, arabic)).toEqual(matchQuoteReference(quote, arabic));
    expect(matchQuote(quote, arabic).match).toBe("fuzzy");
    const japanese =
      "トレース 木 は 実行時 に 記録 され 、 インタプリタ が ループ の 経路 を 測定 した 。";
    const jq = "インタプリタ が ループ の 道 を 測定 した";
    expect(matchQuote(jq, japanese)).toEqual(matchQuoteReference(jq, japanese));
    expect(matchQuote(jq, japanese).match).toBe("fuzzy");
  });
});
