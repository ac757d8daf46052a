/**
 * A heading or a title as a question a person would ask, without a model: rules for the shapes
 * headings take (a question, an instruction, a gerund, a clause after a question word, a
 * headline with a past participle, a noun phrase). A heading no rule reads safely gives null,
 * never a clumsy "Tell me more about …".
 */

const QUESTION_WORDS = new Set(["what", "how", "why", "when", "where", "who", "which"]);
const AUXILIARIES = new Set([
  "is",
  "are",
  "was",
  "were",
  "can",
  "cannot",
  "does",
  "do",
  "did",
  "has",
  "have",
  "will",
  "should",
  "must",
]);
/** Headings that start with one of these read as instructions: "Ask your first question". */
const IMPERATIVE =
  /^(?:add|ask|change|check|choose|configure|connect|create|delete|enable|find|get|give|grant|install|open|pick|put|read|remove|request|revoke|run|send|set|share|sign|start|stop|switch|turn|update|upload|use|write)(?=\s)/i;
/** Words ending in -ing that are not gerunds of an action ("Reasoning mode"). */
const NOT_GERUND = new Set([
  "reasoning",
  "setting",
  "settings",
  "building",
  "thing",
  "during",
  "missing",
]);
/** Titles that name a kind of page, not a topic. */
const NO_TOPIC = /^(?:frequently asked questions|faq|home|index|contents)$/i;
/** Verbs that make a heading a statement ("Agents need a model"): no safe question from it. */
const STATEMENT_VERBS =
  /\b(?:need|needs|work|works|stay|stays|show|shows|make|makes|keep|keeps|go|goes|say|says|come|comes)\b/i;
const DETERMINER = /^(?:the|a|an|this|that|these|those|my|your|our|its|their)$/i;
const PRONOUN = /^(?:you|i|we|they)$/i;

const firstUpper = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** Lower-cases a sentence-case first word ("Reasoning mode"); names and acronyms stay. */
export function lowerFirst(text: string): string {
  const lower = `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  if (/^(?:The|A|An|This|These|Those|My|Your|Our)\s/.test(text)) return lower;
  // A hyphenated common word ("Self-hosting Nexus") or a sentence-case phrase ("Reasoning mode").
  if (/^\p{Lu}\p{Ll}+-\p{Ll}/u.test(text)) return lower;
  // "Hosted APIs": a common word before an acronym.
  if (/^\p{Lu}\p{Ll}+\s\p{Lu}{2,}/u.test(text)) return lower;
  return /^\p{Lu}\p{Ll}+(?=[\s,:;]|$)/u.test(text) && !/^\p{Lu}\p{Ll}+\s\p{Lu}/u.test(text)
    ? lower
    : text;
}

/** The first word in lower case (an instruction's verb: "Run Nexus as a service"). */
const lowerVerb = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/** "your" → "my", "you" → "I": a heading addressed to the reader, asked by the reader. */
function asAsker(text: string): string {
  return text
    .replace(/\byours\b/gi, "mine")
    .replace(/\byour\b/gi, "my")
    .replace(/\byou\b/gi, "I");
}

/** The base form of a gerund: "connecting" → "connect", "sharing" → "share", "getting" → "get". */
export function baseOfGerund(word: string): string {
  const stem = word.toLowerCase().slice(0, -3);
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  // consonant–vowel–consonant: the silent e came off ("shar" → "share", "tak" → "take")
  if (/[^aeiou][aeiou][^aeiouwxy]$/.test(stem) && !/(?:en|er|on|it|al|el)$/.test(stem))
    return `${stem}e`;
  return stem;
}

/** Is the noun phrase plural ("Custom agents", "Sessions and cookies", "Privacy of files")? */
function isPlural(phrase: string): boolean {
  if (/\sand\s/i.test(phrase)) return true;
  const head = phrase.split(/\s(?:of|for|in|on|with|from)\s/i)[0] ?? phrase;
  const last = head.trim().split(/\s+/).at(-1) ?? "";
  return /[^s]s$/i.test(last) && !/(?:ss|us|is)$/.test(last);
}

/** "What the reader can do with it" → "What can the reader do with it?" (and like clauses). */
function fromQuestionClause(words: string[]): string | null {
  const [qword = "", ...rest] = words;
  const lower = qword.toLowerCase();
  if (rest.length === 0) return null;
  const second = (rest[0] ?? "").toLowerCase();
  if (lower === "how" && second === "to") return `How do I ${asAsker(rest.slice(1).join(" "))}?`;
  // A question word followed at once by its verb: "What stays private", "Who can open a link".
  if (AUXILIARIES.has(second) || /^\p{Ll}+s$/u.test(second))
    return `${qword} ${asAsker(rest.join(" "))}?`;
  const aux = rest.findIndex((w, i) => i > 0 && AUXILIARIES.has(w.toLowerCase()));
  if (aux > 0) {
    const verb = (rest[aux] ?? "").toLowerCase();
    const subject = rest.slice(0, aux).join(" ");
    const after = rest.slice(aux + 1);
    const auxWord = verb === "cannot" ? "can't" : verb;
    const tail = after.join(" ");
    return `${qword} ${auxWord} ${subject}${tail ? ` ${tail}` : ""}?`;
  }
  if (PRONOUN.test(second)) return `${qword} do ${asAsker(rest.join(" "))}?`;
  const last = rest.at(-1) ?? "";
  if (rest.length >= 2 && /^\p{Ll}+[^s]s$/u.test(last)) {
    const verb =
      last.endsWith("es") && /(?:ch|sh|x|ss)es$/.test(last) ? last.slice(0, -2) : last.slice(0, -1);
    return `${qword} does ${rest.slice(0, -1).join(" ")} ${verb}?`;
  }
  return null;
}

/** "Varnholt Bridge damaged in 2019" → "How was the Varnholt Bridge damaged in 2019?" */
function fromHeadline(words: string[]): string | null {
  const participle = words.findIndex((w, i) => i > 0 && /^\p{Ll}{2,}[^e]ed$/u.test(w));
  if (participle < 1) return null;
  const subject = words.slice(0, participle);
  if (!subject.every((w) => /^\p{Lu}/u.test(w) && !/ly$/.test(w))) return null;
  const article = subject.length > 1 && !DETERMINER.test(subject[0] ?? "") ? "the " : "";
  const be = isPlural(subject.join(" ")) ? "were" : "was";
  return `How ${be} ${article}${words.join(" ")}?`;
}

/**
 * A topic (a heading, or a title when `single` words should become questions of their own) as a
 * question, or null when no rule reads it well.
 */
export function questionFrom(topic: string): string | null {
  let text = topic
    .replace(/\s*\([^)]*\)\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "" || NO_TOPIC.test(text)) return null;
  if (text.endsWith("?")) return firstUpper(text);
  // "E-mail: SMTP_URL and MAIL_FROM" → the part after the colon is the topic.
  const colon = text.indexOf(": ");
  if (colon > 0) text = text.slice(colon + 2).trim();
  text = text.replace(/[.!:;,]+$/, "");
  const words = text.split(" ");
  const first = (words[0] ?? "").toLowerCase();
  if (/^(?:when|if|after|before|while)$/.test(first) && words.length > 2)
    return `What happens ${first} ${asAsker(words.slice(1).join(" "))}?`;
  if (QUESTION_WORDS.has(first)) {
    const question = fromQuestionClause(words);
    return question ? asAsker(question) : null;
  }
  if (IMPERATIVE.test(text)) return `How do I ${asAsker(lowerVerb(text))}?`;
  if (/^[\p{L}-]+ing$/u.test(words[0] ?? "") && !NOT_GERUND.has(first) && words.length > 1)
    return `How do I ${baseOfGerund(first)} ${asAsker(words.slice(1).join(" "))}?`;
  // "A link is a snapshot" → "Is a link a snapshot?"
  const aux = words.findIndex((w, i) => i > 0 && /^(?:is|are)$/i.test(w));
  if (aux > 0) {
    const subject = lowerFirst(words.slice(0, aux).join(" "));
    return `${firstUpper((words[aux] ?? "").toLowerCase())} ${subject} ${words.slice(aux + 1).join(" ")}?`;
  }
  const headline = fromHeadline(words);
  if (headline) return headline;
  if (words.length > 6 || STATEMENT_VERBS.test(text)) return null;
  return `What ${isPlural(text) ? "are" : "is"} ${asAsker(lowerFirst(text))}?`;
}
