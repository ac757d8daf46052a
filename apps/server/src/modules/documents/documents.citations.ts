import {
  type AnswerSource,
  citationMarkers,
  type DocumentCitation,
  type PageRange,
} from "@nexus/contracts";
import { checkSentence, PreparedSource } from "../../ai/chat/citation-check.ts";
import { matchQuote } from "../../lib/quote-match.ts";
import type * as files from "../files/files.service.ts";

type Passage = files.FilePassage;

/** The passage a source of a document reply stands for: its file and chunk, from its link. */
export function sourcePassage(source: AnswerSource): { fileId: string; ordinal: number } | null {
  const m = /^\/app\/document-chat\/([0-9a-f-]{36})\?chunk=(\d+)/i.exec(source.url);
  return m?.[1] && m[2] ? { fileId: m[1].toLowerCase(), ordinal: Number(m[2]) } : null;
}

/**
 * The words a marker without a quote stands for: the sentence just before it (back to the previous
 * marker, line start or sentence end), as the offline engine writes a verbatim sentence then `[n]`.
 */
function sentenceBefore(text: string, index: number): string {
  const before = text.slice(0, index).trimEnd();
  let cut = Math.max(before.lastIndexOf("]") + 1, before.lastIndexOf("\n") + 1);
  for (const m of before.matchAll(/[.!?]["')\]]*\s+/g)) cut = Math.max(cut, m.index + m[0].length);
  return before
    .slice(cut)
    .replace(/^[\s>*_-]+|[\s*_]+$/g, "")
    .replace(/^["“]|["”]$/g, "");
}

/**
 * Where a quote is in a passage, in page ranges: in the passage itself, or running on into the next
 * passage (a quote across a page break gives one range per page).
 */
export function locateQuote(
  quote: string,
  passage: Passage,
  next: Passage | null,
): { match: DocumentCitation["match"]; ranges: PageRange[] } {
  const own = matchQuote(quote, passage.content);
  const ownFound = {
    match: own.match,
    ranges: [
      {
        page: passage.page,
        start: passage.charStart + own.start,
        end: passage.charStart + own.end,
      },
    ],
  };
  if (own.match === "exact" || own.match === "normalised") return ownFound;
  const none = { match: "none" as const, ranges: [] };
  const fallback = own.match === "fuzzy" ? ownFound : none;
  if (!next) return fallback;
  const joint = `${passage.content}\n${next.content}`;
  const both = matchQuote(quote, joint);
  // Only a match that starts in this passage and runs into the next one: a quote wholly in the
  // next passage is the next passage's, not this one's. A fuzzy match of this passage alone gives
  // way only to the quote as written across the break (most of a sentence before a page break).
  if (both.match === "none" || both.start >= passage.content.length) return fallback;
  if (fallback.match === "fuzzy" && both.match === "fuzzy") return fallback;
  const split = passage.content.length + 1;
  const ranges: PageRange[] = [
    {
      page: passage.page,
      start: passage.charStart + both.start,
      end: passage.charStart + Math.min(both.end, passage.content.length),
    },
  ];
  if (both.end > split)
    ranges.push({ page: next.page, start: next.charStart, end: next.charStart + both.end - split });
  // The same page twice (two passages of one page): one range across both.
  const [a, b] = ranges;
  if (a && b && a.page === b.page) return { match: both.match, ranges: [{ ...a, end: b.end }] };
  return { match: both.match, ranges };
}

/** Passages of one page a source may stand for (the files corpus merges them into one source). */
const MERGED_PASSAGES = 8;

/**
 * A quote in the source `cited` stands for: any passage of its page (the files corpus merges the
 * passages of one page into one source, linked by one of them), each possibly running on into the
 * passage after it (a quote across a page break).
 */
async function locateInSource(
  quote: string,
  cited: Passage,
  passage: (ordinal: number) => Promise<Passage | null>,
): Promise<ReturnType<typeof locateQuote>> {
  // A quote as written (exact or normalised) in any passage of the page beats a fuzzy match found
  // first: "x86 snippet for sample program" is not the "LIR snippet for sample program" before it.
  const own = locateQuote(quote, cited, await passage(cited.ordinal + 1));
  if (own.match === "exact" || own.match === "normalised") return own;
  let fuzzy = own.match === "fuzzy" ? own : null;
  let first = cited;
  for (let i = 0; i < MERGED_PASSAGES; i++) {
    const before = await passage(first.ordinal - 1);
    if (!before || before.page !== cited.page) break;
    first = before;
  }
  let current: Passage | null = first;
  for (let i = 0; current && i < 2 * MERGED_PASSAGES; i++) {
    const next: Passage | null = await passage(current.ordinal + 1);
    if (current.ordinal !== cited.ordinal) {
      const found = locateQuote(quote, current, next);
      if (found.match === "exact" || found.match === "normalised") return found;
      if (found.match === "fuzzy") fuzzy ??= found;
    }
    current = next && next.page === cited.page ? next : null;
  }
  return fuzzy ?? { match: "none", ranges: [] };
}

/** The `data-citations` of a reply: each marker of its text, checked against its passage. */
export async function citationsOf(options: {
  text: string;
  sources: readonly AnswerSource[];
  passage: (fileId: string, ordinal: number) => Promise<Passage | null>;
  label: (source: AnswerSource, passage: Passage) => string;
}): Promise<DocumentCitation[]> {
  const out: DocumentCitation[] = [];
  for (const [marker, m] of citationMarkers(options.text).entries()) {
    const source = options.sources[m.source - 1];
    const at = source ? sourcePassage(source) : null;
    const passage = at ? await options.passage(at.fileId, at.ordinal) : null;
    if (!source || !at || !passage) continue;
    const quote = m.quote ?? sentenceBefore(options.text, m.index);
    const found = quote
      ? await locateInSource(quote, passage, (ordinal) => options.passage(at.fileId, ordinal))
      : { match: "none" as const, ranges: [] };
    const whole = { page: passage.page, start: passage.charStart, end: passage.charEnd };
    const base = {
      marker,
      source: m.source,
      fileId: at.fileId,
      ordinal: at.ordinal,
      label: options.label(source, passage),
    };
    if (found.match !== "none")
      out.push({ ...base, quote, verified: true, match: found.match, ranges: found.ranges });
    else if (m.quote)
      // A quote the model gave that the passage does not hold: it marks nothing.
      out.push({ ...base, quote: m.quote, verified: false, match: "none", ranges: [] });
    // A bare [n] whose sentence is the model's own words: the passage it cites, whole, when it
    // holds most of the sentence's words (citation-check.ts); else the citation is unverified.
    else if (quote && checkSentence(quote, new PreparedSource(passage.content)).match !== "none")
      out.push({ ...base, quote: null, verified: true, match: "passage", ranges: [whole] });
    else out.push({ ...base, quote: null, verified: false, match: "none", ranges: [] });
  }
  return out;
}
