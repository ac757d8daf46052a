/**
 * Word tokens for ranking text (the offline engine's BM25, local search's query terms):
 * Intl.Segmenter words, lower-cased, stop words dropped, lightly stemmed.
 */

const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });

/** Common English function words and question words; they carry no topic. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before " +
    "being below between both but by can could did do does doing done down during each either " +
    "else etc even ever every few for from further get gets got had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just let like may me might " +
    "mine more most much must my myself need no nor not now of off often on once one only or " +
    "other our ours ourselves out over own per please same shall she should so some such than " +
    "that the their theirs them themselves then there these they this those through thus to too " +
    "under until up upon us very via was we were what whatever when where whether which while " +
    "who whom whose why will with within without would yes yet you your yours yourself " +
    "yourselves tell know want way use s t"
  ).split(" "),
);

const VOWEL = /[aeiouy]/;

/** Lower case, contractions resolved ("can't" → "cannot", "doesn't" → "does"), apostrophes gone. */
function normaliseWord(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/^can['’]t$/, "cannot")
    .replace(/^won['’]t$/, "will")
    .replace(/n['’]t$/, "")
    .replace(/['’]/g, "");
}

/**
 * A light suffix stripper (plural, -ing, -ed, final e): "searches" → "search",
 * "signing" → "sign", "configured"/"configure" → "configur". Consistent, not linguistic.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(?:ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && VOWEL.test(base)) {
      w = /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
      break;
    }
  }
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/**
 * The raw lower-case words of a text, letters and digits only. Digit groups are joined
 * ("30,000" → "30000") unless `splitNumbers` (PostgreSQL's parser splits them: "30", "000").
 */
export function words(text: string, options: { splitNumbers?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (!isWordLike) continue;
    let lower = normaliseWord(segment);
    if (!options.splitNumbers) lower = lower.replace(/(\d)[,.](?=\d{3}\b)/g, "$1");
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part !== "") out.push(part);
  }
  return out;
}

/** Stemmed content terms of a text, in order, repeats kept (term frequencies matter). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (STOP_WORDS.has(word)) continue;
    if (word.length < 2 && !/\d/.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

const DOTTED = /^[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)+$/u;

/**
 * Distinct content words of a query, unstemmed (PostgreSQL stems them itself): letters and
 * digits only, plus dotted names whole ("node.js", "llama3.1"), which PostgreSQL keeps as one token.
 */
export function queryWords(text: string): string[] {
  const out = new Set<string>();
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (!isWordLike) continue;
    const lower = normaliseWord(segment);
    if (DOTTED.test(lower)) out.add(lower);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u))
      if (part !== "" && !STOP_WORDS.has(part) && (part.length > 1 || /\d/.test(part)))
        out.add(part);
  }
  return [...out];
}
