import {
  EXTRACTION_LIMITS,
  type ExtractionCell,
  type ExtractionField,
  type ExtractionPlace,
  type ExtractionValue,
} from "@nexus/contracts";
import { matchQuote } from "../../lib/quote-match.ts";

/**
 * A cell from what the model gave for one field of one source (issue 39 scope 1): its value read
 * as the field's type, its quote found in the source's stored text by the shared quote matcher
 * (deterministic offsets, never the model's), and the mark that says what was found. A value
 * with no quote, or with a quote the source does not hold, is shown but never as checked; a
 * field the source does not answer is "not found", with no value.
 */

/** What the model answers for one field: a value and the words of the source it stands on. */
export interface ModelCell {
  value: unknown;
  quote: unknown;
}

type Read = { value: ExtractionValue; note: string | null };

const YES = new Set(["yes", "true", "y", "1", "oui", "ja", "sí", "si", "はい", "نعم"]);
const NO = new Set(["no", "false", "n", "0", "non", "nein", "いいえ", "لا"]);

/**
 * One number in `raw`: "1,234.5", "1 234,5", "1.234.567", "12%", "about 30" → a number; null
 * when there is none or more than one ("between 10 and 20"). A lone comma before three digits
 * groups them ("1,234"); otherwise the last separator is the decimal mark.
 */
export function readNumber(raw: string): number | null {
  const found = raw.match(/-?\d[\d\s,.'\u00a0\u202f]*/g);
  if (found?.length !== 1) return null;
  let digits = (found[0] ?? "").replace(/[\s'\u00a0\u202f]/g, "").replace(/[.,]+$/, "");
  const commas = digits.split(",").length - 1;
  const dots = digits.split(".").length - 1;
  const comma = digits.lastIndexOf(",");
  const dot = digits.lastIndexOf(".");
  if (comma > dot) {
    const grouping = commas > 1 || (dots === 0 && digits.length - comma - 1 === 3);
    digits = grouping ? digits.replace(/,/g, "") : digits.replace(/\./g, "").replace(",", ".");
  } else if (dot > comma) {
    digits = dots > 1 ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  }
  const n = Number(digits);
  return Number.isFinite(n) ? n : null;
}

/** A date as ISO 8601: "2009", "2009-06", "2009-06-15", "15 June 2009", "June 15, 2009". */
export function readDate(raw: string): string | null {
  const text = raw.trim();
  if (/^\d{4}$/.test(text)) return text;
  const ym = text.match(/^(\d{4})-(\d{2})$/);
  if (ym && Number(ym[2]) >= 1 && Number(ym[2]) <= 12) return text;
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const parsed = iso
    ? new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])))
    : new Date(`${text} UTC`);
  if (Number.isNaN(parsed.getTime())) return null;
  if (iso && parsed.getUTCDate() !== Number(iso[3])) return null;
  return parsed.toISOString().slice(0, 10);
}

function asText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The model's value read as the field's type; a value that is not of it keeps its words. */
export function readValue(field: ExtractionField, value: unknown): Read {
  if (value === null || value === undefined) return { value: null, note: null };
  const text = Array.isArray(value) ? null : asText(value);
  switch (field.type) {
    case "text":
      return { value: text, note: null };
    case "number": {
      if (typeof value === "number" && Number.isFinite(value)) return { value, note: null };
      const n = text === null ? null : readNumber(text);
      return n === null
        ? { value: null, note: `Not a number: “${text ?? "…"}”` }
        : { value: n, note: null };
    }
    case "date": {
      const d = text === null ? null : readDate(text);
      return d === null
        ? { value: null, note: `Not a date: “${text ?? "…"}”` }
        : { value: d, note: null };
    }
    case "boolean": {
      if (typeof value === "boolean") return { value, note: null };
      const word = text?.toLowerCase() ?? "";
      if (YES.has(word)) return { value: true, note: null };
      if (NO.has(word)) return { value: false, note: null };
      return { value: null, note: `Not yes or no: “${text ?? "…"}”` };
    }
    case "choice": {
      const wanted = text?.toLowerCase();
      const choice = field.choices.find((c) => c.toLowerCase() === wanted);
      return choice
        ? { value: choice, note: null }
        : { value: null, note: `Not one of the choices: “${text ?? "…"}”` };
    }
    case "list": {
      const items = Array.isArray(value)
        ? value.map(asText).filter((v): v is string => v !== null)
        : (text ?? "").split(/\s*[;\n]\s*|\s*,\s+/).filter(Boolean);
      return { value: items.length > 0 ? items : null, note: null };
    }
  }
}

/**
 * A source's stored text as one string (its pages joined by a blank line), and where each page
 * starts in it: what the quotes are matched against.
 */
export interface SourceText {
  text: string;
  /**
   * Each page's number (as the viewer names it), its first character in `text` (ascending), and
   * where in its page it begins (a long page read in pieces: the piece's offset in the page).
   */
  pages: ReadonlyArray<{ page: number; start: number; offset: number }>;
}

const PAGE_GAP = "\n\n";

export function sourceText(
  pages: ReadonlyArray<{ page: number; text: string; offset?: number }>,
): SourceText {
  let at = 0;
  const starts: Array<{ page: number; start: number; offset: number }> = [];
  for (const p of pages) {
    starts.push({ page: p.page, start: at, offset: p.offset ?? 0 });
    at += p.text.length + PAGE_GAP.length;
  }
  return { text: pages.map((p) => p.text).join(PAGE_GAP), pages: starts };
}

/**
 * A range of the joined text as the viewer marks it: its page, and the characters in that page's
 * own text (a range that runs into the next page is cut at its page's end). Without pages, the
 * range as it is, on no page.
 */
export function placeOf(source: SourceText, start: number, end: number): ExtractionPlace {
  let at: SourceText["pages"][number] | undefined;
  for (const p of source.pages) if (p.start <= start) at = p;
  if (!at) return { page: null, start, end };
  const next = source.pages[source.pages.indexOf(at) + 1];
  const pageEnd = next ? next.start - PAGE_GAP.length : source.text.length;
  const shift = at.offset - at.start;
  return { page: at.page, start: start + shift, end: Math.min(end, pageEnd) + shift };
}

/**
 * A cell: `model`'s value read as `field`'s type, its quote found in the source's stored text
 * (the place is the page and characters the viewer marks). Never throws on what a model sends.
 */
export function groundCell(
  field: ExtractionField,
  model: ModelCell,
  source: SourceText,
): ExtractionCell {
  const read = readValue(field, model.value);
  const raw = read.value === null && read.note ? asText(model.value) : null;
  const quote = asText(model.quote)?.slice(0, EXTRACTION_LIMITS.quote) ?? null;
  const cell = (over: Partial<ExtractionCell>): ExtractionCell => ({
    value: read.value,
    raw,
    quote,
    mark: "unverified",
    place: null,
    note: read.note,
    edited: false,
    ...over,
  });
  if (read.value === null && raw === null) return cell({ quote: null, mark: "not_found" });
  if (quote === null) return cell({ note: read.note ?? "No quote was given for this value." });
  const found = matchQuote(quote, source.text);
  if (found.match === "none") return cell({ note: read.note ?? "The quote is not in the source." });
  const place = placeOf(source, found.start, found.end);
  // A value that is not of its type stays unverified however well its quote is found.
  if (read.value === null) return cell({ place });
  return cell({ mark: found.match === "fuzzy" ? "close" : "exact", place });
}

const RANK: Record<ExtractionCell["mark"], number> = {
  exact: 0,
  close: 1,
  unverified: 2,
  not_found: 3,
};

/**
 * One field's cell from the parts of a long source, each read on its own: the best-grounded
 * answer (exact before close before unverified; the earliest among equals), and for a list the
 * items of every grounded part, each once, in order. Not found only when no part answers.
 */
export function mergeCells(
  field: ExtractionField,
  parts: readonly ExtractionCell[],
): ExtractionCell {
  const answered = parts.filter((c) => c.mark !== "not_found");
  const best = [...answered].sort((a, b) => RANK[a.mark] - RANK[b.mark])[0];
  if (!best) return parts[0] ?? groundCell(field, { value: null, quote: null }, sourceText([]));
  if (field.type !== "list") return best;
  const grounded = answered.filter((c) => c.mark === "exact" || c.mark === "close");
  const items = [...new Set(grounded.flatMap((c) => (Array.isArray(c.value) ? c.value : [])))];
  return items.length > 0 ? { ...best, value: items } : best;
}
