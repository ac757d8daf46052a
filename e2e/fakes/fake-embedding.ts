/** The fake embedding model of openai-server.ts: deterministic vectors for tests and benches. */

/**
 * Words the fake embedding model treats as one meaning (they land in the same dimension), so a
 * query can find a passage that shares no word with it — as a real embedding model would, and as
 * PostgreSQL's english full-text configuration (stemming only, no thesaurus) cannot.
 */
export const FAKE_SYNONYMS: readonly (readonly string[])[] = [
  ["car", "automobile", "vehicle", "auto"],
  ["repair", "fix", "mend", "service", "servicing", "maintenance", "upkeep"],
  ["doctor", "physician", "clinician"],
  ["buy", "purchase", "acquire"],
  ["big", "large", "huge"],
  ["quick", "fast", "rapid"],
  ["home", "house", "dwelling"],
  ["lawyer", "attorney", "counsel"],
  ["salary", "pay", "wage", "compensation"],
  ["holiday", "vacation"],
];

const CANONICAL = new Map(FAKE_SYNONYMS.flatMap((group) => group.map((w) => [w, group[0]])));

const FAKE_STOP_WORDS = new Set(
  "a an and are as at be by for from has have how i in is it its of on or our the this to was we were what when where which who why will with you your".split(
    " ",
  ),
);

/** FNV-1a, 32 bits. */
function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The fake model's vector of `text`: lower-cased words (stop words dropped, a plural "s" cut,
 * synonyms mapped to their group's first word), each counted in dimension hash(word) mod
 * `dimensions`, scaled to length 1. Texts sharing words (or synonyms) are close; texts sharing
 * none are orthogonal but for hash collisions. A text with no word is the unit vector e0.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FAKE_STOP_WORDS.has(raw)) continue;
    const singular =
      raw.length > 3 && raw.endsWith("s") && !raw.endsWith("ss") ? raw.slice(0, -1) : raw;
    const word = CANONICAL.get(singular) ?? CANONICAL.get(raw) ?? singular;
    const index = hashWord(word) % dimensions;
    vector[index] = (vector[index] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / norm);
}
