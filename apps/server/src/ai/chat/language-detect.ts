import type { LanguageCode } from "@nexus/contracts";

/**
 * Which of the answer languages (contracts personal.ts) a question is written in: Japanese and
 * Arabic by their scripts, English, German, French and Spanish by their most common short words
 * and letters. Null when the text does not say clearly (a word or two shared by several languages,
 * a language not among them): the model is then told to answer in the question's own language.
 */

/** The first characters looked at (a question; pasted pages after it add nothing). */
const SAMPLE_CHARS = 600;

const WORDS: Readonly<Record<"en" | "de" | "fr" | "es", ReadonlySet<string>>> = {
  en: new Set(
    "the is are was what how why who which when where does do did a an of to in and for with on can i you it this that be my your me about from should would could there their have has not or".split(
      " ",
    ),
  ),
  de: new Set(
    "der die das ist sind was wie warum wer welche welcher welches wann wo und nicht ein eine einen einem mit für von zu den dem des ich du sie es auf im kann können mir mein meine bitte gibt werden wird auch oder aber über bei nach sich man wenn dass noch schon".split(
      " ",
    ),
  ),
  fr: new Set(
    "le la les est sont que qui quoi comment pourquoi quand où et un une des du de pour avec dans sur je tu il elle nous vous ce cette ces pas ne mon ma mes quel quelle quels quelles peut faire au aux c'est qu'est-ce est-ce".split(
      " ",
    ),
  ),
  es: new Set(
    "el la los las es son qué que cómo como por porqué cuándo dónde quién y un una unos unas de del para con en yo tú él ella mi mis puedo puede hay está están lo al pero muy se cuál cuáles cuánto también".split(
      " ",
    ),
  ),
};

/** Letters that mostly belong to one of the Latin-script languages, with their weight. */
const LETTERS: ReadonlyArray<[RegExp, "de" | "fr" | "es", number]> = [
  [/ß/g, "de", 2],
  [/[äöü]/g, "de", 1],
  [/[ñ¿¡]/g, "es", 2],
  [/[áíóú]/g, "es", 1],
  [/[çœ]/g, "fr", 2],
  [/[èêàùâîôûëï]/g, "fr", 1],
];

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export function detectLanguage(text: string): LanguageCode | null {
  const sample = text
    .slice(0, SAMPLE_CHARS)
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .toLowerCase();
  const letters = count(sample, /\p{L}/gu);
  if (letters === 0) return null;
  const kana = count(sample, /[\u3040-\u30ff]/g);
  if (kana > 0 && kana + count(sample, /\p{Script=Han}/gu) >= letters * 0.3) return "ja";
  const arabic = count(sample, /\p{Script=Arabic}/gu);
  // Persian and Urdu share the script: their own letters say it is not Arabic.
  if (arabic >= letters * 0.5) return /[پچژگکی]/.test(sample) ? null : "ar";
  const scores: Record<"en" | "de" | "fr" | "es", number> = { en: 0, de: 0, fr: 0, es: 0 };
  const words = sample.match(/[\p{L}']+/gu) ?? [];
  for (const word of words)
    for (const language of ["en", "de", "fr", "es"] as const)
      if (WORDS[language].has(word)) scores[language] += 1;
  for (const [pattern, language, weight] of LETTERS)
    scores[language] += count(sample, pattern) * weight;
  const ranked = (Object.entries(scores) as Array<[LanguageCode, number]>).sort(
    (a, b) => b[1] - a[1],
  );
  const [first, second] = ranked;
  if (!first || first[1] < 1) return null;
  return second && second[1] >= first[1] ? null : first[0];
}
