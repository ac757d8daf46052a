import { words } from "../../lib/text-tokens.ts";

/**
 * Quotable sentences of a source's content. Each one is a verbatim substring of the content
 * (only trimmed, stripped of a leading list marker or trailing reference marks, and a line break
 * inside a wrapped sentence read as a space), so an extractive answer can never contain text the
 * source does not.
 */

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

const MIN_WORDS = 4;
const MAX_WORDS = 80;
const MAX_CHARS = 600;
const LINE_PREFIX = /^\s*(?:(?:[-*+•>]|\d{1,3}[.)])\s+)+/;
const TRAILING_REFERENCES = /(?:\s*\[\d{1,3}\])+\s*$/;
const TERMINAL = /[.!?…;)"'”’]$/;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** Quotes, backticks and brackets all closed: ICU may split inside `"Failed. Try again."`. */
function isBalanced(text: string): boolean {
  return (
    count(text, /"/g) % 2 === 0 &&
    count(text, /`/g) % 2 === 0 &&
    count(text, /“/g) === count(text, /”/g) &&
    count(text, /\(/g) === count(text, /\)/g) &&
    count(text, /\[/g) === count(text, /\]/g)
  );
}

/**
 * Segments text into sentences with Intl.Segmenter (ICU), trimmed, empty ones dropped. A segment
 * that leaves a quote, backtick or bracket open is joined with the following ones (as the
 * verbatim slice of `text`) until it closes or the text ends.
 */
export function segmentSentences(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (const { segment, index } of sentenceSegmenter.segment(text)) {
    if (start < 0) start = index;
    const candidate = text.slice(start, index + segment.length);
    if (!isBalanced(candidate)) continue;
    const trimmed = candidate.trim();
    if (trimmed !== "") out.push(trimmed);
    start = -1;
  }
  if (start >= 0) {
    const rest = text.slice(start).trim();
    if (rest !== "") out.push(rest);
  }
  return out;
}

/** Scripts written without spaces between words need the word segmenter to count words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function wordCount(sentence: string): number {
  if (UNSPACED.test(sentence)) return words(sentence).length;
  return sentence.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

function isQuotable(sentence: string, fromListItem: boolean): boolean {
  if (sentence.length > MAX_CHARS || sentence.endsWith(":")) return false;
  if (/\[\d{1,3}\]/.test(sentence)) return false;
  if (!isBalanced(sentence)) return false;
  if (!/\p{L}/u.test(sentence)) return false;
  const count = wordCount(sentence);
  if (count < MIN_WORDS || count > MAX_WORDS) return false;
  // Navigation and other fragments rarely end like a sentence; list items may.
  return TERMINAL.test(sentence) || (fromListItem && count >= 6);
}

/** A line that continues the sentence of the line before: it opens in lower case (wrapped text). */
const CONTINUATION = /^\p{Ll}/u;

/**
 * The source's lines, with wrapped lines joined: a PDF's page text (and hard-wrapped text) breaks
 * lines inside sentences, and a line that opens in lower case after one that did not end a
 * sentence is joined to it with a space. Fenced code, tables and headings are dropped.
 */
function proseLines(content: string): string[] {
  const lines: string[] = [];
  let inFence = false;
  let open = false;
  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      inFence = !inFence;
      open = false;
      continue;
    }
    if (inFence || line === "" || line.startsWith("|") || line.startsWith("#")) {
      open = false;
      continue;
    }
    if (open && CONTINUATION.test(line) && lines.length > 0) {
      lines[lines.length - 1] = `${lines.at(-1)} ${line}`;
    } else {
      lines.push(line);
    }
    open = !TERMINAL.test(line) && !line.endsWith(":");
  }
  return lines;
}

/**
 * The quotable sentences of a source, in document order. Fenced code, tables and headings are
 * skipped; wrapped lines are joined (proseLines) and each line is then segmented on its own (a
 * line break ends a sentence in ICU anyway). A sentence that opens in lower case is a fragment
 * of one whose start is not in the source (a passage cut mid-sentence): never quoted.
 */
export function quotableSentences(content: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(content)) {
    const fromListItem = LINE_PREFIX.test(line);
    for (const segment of segmentSentences(line.replace(LINE_PREFIX, ""))) {
      const sentence = segment.replace(TRAILING_REFERENCES, "").trim();
      if (CONTINUATION.test(sentence)) continue;
      if (isQuotable(sentence, fromListItem)) out.push(sentence);
    }
  }
  return out;
}

/** A quotable passage that is no sentence: a heading, a table row, a list item or a short line. */
const MAX_FRAGMENT_CHARS = 300;
const TABLE_SEPARATOR = /^\|?[\s:|-]+\|?$/;

/** A line as it may be quoted: heading marks, list markers and a table's outer pipes dropped. */
function fragmentOf(line: string): string {
  let text = line.trim();
  if (text.startsWith("#")) text = text.replace(/^#{1,6}\s*/, "").replace(/\s*#+$/, "");
  else if (text.startsWith("|")) text = text.replace(/^\|\s*/, "").replace(/\s*\|$/, "");
  return text
    .replace(LINE_PREFIX, "")
    .replace(/(?:\s+[•·])+$/, "")
    .trim();
}

/**
 * The lines of a source that hold no quotable sentence, as they may be quoted: headings, table
 * rows, list items and lines without a sentence end (a PDF page with a heading and one short line).
 * Each is a verbatim substring of the content. The engine quotes one only when it matches the
 * question better than every sentence does.
 */
export function quotableFragments(content: string): string[] {
  const sentences = quotableSentences(content);
  const out: string[] = [];
  let inFence = false;
  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      inFence = !inFence;
      continue;
    }
    if (inFence || line === "" || TABLE_SEPARATOR.test(line)) continue;
    const fragment = fragmentOf(line);
    if (fragment.length > MAX_FRAGMENT_CHARS || !/[\p{L}\p{N}]/u.test(fragment)) continue;
    // A reference mark would read as a citation of ours ("Footnote here[1]").
    if (/\[\d{1,3}\]/.test(fragment)) continue;
    // A line opening in lower case is the middle of a sentence (a wrapped PDF line).
    if (CONTINUATION.test(fragment)) continue;
    if (sentences.some((s) => s.includes(fragment) || fragment.includes(s))) continue;
    out.push(fragment);
  }
  return out;
}
