import { z } from "zod";

/**
 * Checked citations (issue 38): every `[n]` of a reply with a model — answers, agents, document
 * chat — is checked against the text source n stood for when the model wrote it, and the reply
 * keeps the result as its `data-citation-checks` part (saved with the turn, so history and shares
 * keep the marks). The web matches check k of source n to the k-th chip of n in the text, in the
 * order `citationRuns` counts them (the markdown renderer counts the same way).
 */

/**
 * How the cited sentence was found in its source: its words as written (`exact`, `normalised`),
 * most of them in order (`fuzzy`: the quote matcher's threshold), most of its content words in
 * one passage (`overlap`), or not at all (`none`: unverified).
 */
export const citationMatchSchema = z.enum(["exact", "normalised", "fuzzy", "overlap", "none"]);
export type CitationMatch = z.infer<typeof citationMatchSchema>;

export const citationCheckSchema = z.object({
  /** n of `[n]`. */
  source: z.number().int(),
  /** Which `[n]` of the reply's text this is, counted from 0 among the markers of n. */
  occurrence: z.number().int(),
  /** The cited sentence (or the marker's own quote) as checked. */
  sentence: z.string(),
  /** Where the sentence and its markers are in the reply's text: [start, end). */
  start: z.number().int(),
  end: z.number().int(),
  /** The source supports it. */
  verified: z.boolean(),
  match: citationMatchSchema,
  /** The source's passage it was checked against: the support, or the closest one found. */
  passage: z.string(),
});
export type CitationCheck = z.infer<typeof citationCheckSchema>;

export const citationChecksSchema = z.array(citationCheckSchema);

/** The part a checked reply carries its checks in. */
export const CITATION_CHECKS_PART = "data-citation-checks";

// What the chip, the preview and the sheet say about a citation's mark: with the spec's strings
// (messages.ts), which the interface translates (apps/web/src/lib/i18n/spec-strings.ts).
export { CITATION_UNVERIFIED_LABEL, CITATION_VERIFIED_LABEL } from "./messages.ts";

/** `[1]`, `[1, 2]`, `[1][2]`, and document chat's `[1: "quote"]`. */
const GROUP = /\[(\d{1,4}(?:[ \t]*,[ \t]*\d{1,4})*)(?::\s*["“]([^"”\]]{1,600})["”])?\]/g;

export interface CitationRun {
  source: number;
  occurrence: number;
  /** The marker group's [start, end) in the text. */
  index: number;
  end: number;
  /** A `[n: "quote"]` marker's quote. */
  quote: string | null;
}

/** Code (fenced or inline) blanked out: no citation is read in it, offsets unchanged. */
function blankCode(text: string): string {
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, (m) => " ".repeat(m.length))
    .replace(/`[^`\n]*`/g, (m) => " ".repeat(m.length));
}

/**
 * The citations of a text in order, as chips are drawn: a group with a number out of 1…count stays
 * text; a number repeated in a run of adjacent markers (only spaces between them) is one chip.
 * `occurrence` counts the markers of each source from `starts` (the counts of text before this).
 */
export function citationRuns(
  text: string,
  count: number,
  starts: ReadonlyMap<number, number> = new Map(),
): CitationRun[] {
  const out: CitationRun[] = [];
  const seen = new Map(starts);
  const run = new Set<number>();
  let lastEnd = -1;
  for (const m of blankCode(text).matchAll(GROUP)) {
    const numbers = (m[1] ?? "").split(",").map((p) => Number.parseInt(p.trim(), 10));
    if (!numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= count)) continue;
    const adjacent = lastEnd >= 0 && /^[ \t]*$/.test(text.slice(lastEnd, m.index));
    if (!adjacent) run.clear();
    const end = m.index + m[0].length;
    for (const n of numbers) {
      if (run.has(n)) continue;
      run.add(n);
      const occurrence = seen.get(n) ?? 0;
      seen.set(n, occurrence + 1);
      out.push({ source: n, occurrence, index: m.index, end, quote: m[2]?.trim() || null });
    }
    lastEnd = end;
  }
  return out;
}

/** How many chips each source has in a text (the start counts of the text after it). */
export function citationCounts(
  text: string,
  count: number,
  starts: ReadonlyMap<number, number> = new Map(),
): Map<number, number> {
  const seen = new Map(starts);
  for (const r of citationRuns(text, count)) seen.set(r.source, (seen.get(r.source) ?? 0) + 1);
  return seen;
}

/** The check of chip `occurrence` of source n, if the reply was checked. */
export function checkOf(
  checks: readonly CitationCheck[] | undefined,
  source: number,
  occurrence: number,
): CitationCheck | undefined {
  return checks?.find((c) => c.source === source && c.occurrence === occurrence);
}

/**
 * The reply without its unsupported sentences (the "hide unsupported sentences" setting): a
 * sentence goes when none of its citations is verified. Returns the text and its checks, renumbered
 * for the text that is left.
 */
export function withoutUnsupported(
  text: string,
  checks: readonly CitationCheck[],
  count: number,
): { text: string; checks: CitationCheck[]; hidden: number } {
  const bySentence = new Map<string, CitationCheck[]>();
  for (const c of checks) {
    const key = `${c.start}:${c.end}`;
    bySentence.set(key, [...(bySentence.get(key) ?? []), c]);
  }
  const drop = [...bySentence.values()]
    .filter((group) => group.every((c) => !c.verified))
    .map((group) => group[0])
    .filter((c): c is CitationCheck => c !== undefined)
    .sort((a, b) => b.start - a.start);
  if (drop.length === 0) return { text, checks: [...checks], hidden: 0 };
  let out = text;
  for (const c of drop) out = out.slice(0, c.start) + out.slice(c.end).replace(/^[ \t]+/, "");
  // The kept checks, renumbered: their sentences moved and earlier markers may have gone.
  const kept = checks.filter((c) => !drop.some((d) => d.start === c.start && d.end === c.end));
  const runs = citationRuns(out, count);
  const renumbered: CitationCheck[] = [];
  const remaining = [...kept].sort((a, b) => a.start - b.start || a.source - b.source);
  for (const r of runs) {
    const i = remaining.findIndex((c) => c.source === r.source);
    const c = remaining[i];
    if (!c) continue;
    remaining.splice(i, 1);
    renumbered.push({ ...c, occurrence: r.occurrence });
  }
  return { text: out, checks: renumbered, hidden: drop.length };
}
