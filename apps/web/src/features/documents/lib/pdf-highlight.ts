import { type PageRange, type PdfTextItem, pageTextFromItems } from "@nexus/contracts";

/**
 * Exact highlights in the PDF viewer (ARCHITECTURE.md §3.4). A citation's ranges are offsets in a
 * page's text as the server built it from pdf.js items (pageTextFromItems). The viewer builds the
 * same text from its own text layer's items and marks, in each item, the characters a range
 * covers. If the marked text does not read as the quote (another pdf.js version could cut items
 * differently), the quote is looked for in the page text instead; not found → nothing is marked.
 */

/**
 * One text-layer item's marked parts: [from, to) in the item's own string, and whether the part is
 * the current one (the find match gone to).
 */
export type ItemMark = [number, number] | [number, number, boolean];
export type ItemMarks = Map<number, ItemMark[]>;

/** A text-layer item: pdf.js TextItem (with `str`) or a marked-content item (without). */
export type LayerItem = { str: string; dir: string; hasEOL: boolean } | { type: string };

const squash = (s: string) =>
  s
    .normalize("NFKC")
    .replace(/[\s\u00ad-]+/g, "")
    .toLowerCase();

function isText(item: LayerItem): item is PdfTextItem {
  return "str" in item;
}

/**
 * The page text and, per text-layer index, where the item's text sits in it. Items without text
 * (marked content) keep their index but have no place.
 *
 * `raw`: the same page's items read with `disableNormalization` (as the server reads them). The
 * text layer's own strings are normalised by pdf.js, which turns some Arabic ligatures into letters
 * in another order than NFKC does ("ﳋ" → "خل", NFKC "لخ"): the page text is built from the raw
 * strings, as the server built it, and each range still marks the text layer's item of that index.
 */
export function layerText(items: readonly LayerItem[], raw?: readonly LayerItem[]) {
  const source = raw && raw.length === items.length ? raw : items;
  const indices: number[] = [];
  const textItems: PdfTextItem[] = [];
  source.forEach((item, index) => {
    if (isText(item)) {
      indices.push(index);
      textItems.push(item);
    }
  });
  const built = pageTextFromItems(textItems);
  const places = new Map<number, { start: number; end: number; raw: string }>();
  built.items.forEach(([start, end], i) => {
    const index = indices[i];
    const shown = index === undefined ? undefined : items[index];
    // `raw`: the string the text layer draws (a mark's offsets are in it).
    if (index !== undefined && shown && isText(shown))
      places.set(index, { start, end, raw: shown.str });
  });
  return { text: built.text, places };
}

/** The item marks of [start, end) of the page text. */
function marksOf(
  places: ReturnType<typeof layerText>["places"],
  start: number,
  end: number,
  marks: ItemMarks,
  current = false,
) {
  for (const [index, place] of places) {
    const from = Math.max(start, place.start);
    const to = Math.min(end, place.end);
    if (from >= to) continue;
    // The item's own string differs from its normalised text (a ligature): mark it whole.
    const same = place.end - place.start === place.raw.length;
    const span: [number, number] = same
      ? [from - place.start, to - place.start]
      : [0, place.raw.length];
    const mark: ItemMark = current ? [span[0], span[1], true] : span;
    marks.set(index, [...(marks.get(index) ?? []), mark]);
  }
}

/** Where a quote is in the page text, ignoring whitespace, hyphens and case. */
function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const map: number[] = [];
  let flat = "";
  for (let i = 0; i < text.length; i++) {
    const c = squash(text[i] ?? "");
    for (const ch of c) {
      flat += ch;
      map.push(i);
    }
  }
  const q = squash(quote);
  if (q.length < 8) return null;
  const at = flat.indexOf(q);
  if (at < 0) return null;
  return { start: map[at] ?? 0, end: (map[at + q.length - 1] ?? 0) + 1 };
}

/**
 * The marks of one page for a citation's ranges on it: the quote's own words when they are inside
 * the range (a whole passage cited with its verified quote), else the ranges themselves when their
 * text reads as the quote (or there is no quote: a whole passage), else the quote found in the
 * page, else none.
 */
export function pageMarks(
  items: readonly LayerItem[],
  ranges: readonly PageRange[],
  quote: string | null,
  page: number,
  /** The page's items as the server read them (layerText). */
  raw?: readonly LayerItem[],
  /** A range drawn as the current one (find's match gone to). */
  current?: PageRange | null,
): ItemMarks {
  const { text, places } = layerText(items, raw);
  const marks: ItemMarks = new Map();
  const own = ranges.filter((r) => r.page === page);
  if (own.length === 0) return marks;
  const marked = own.map((r) => text.slice(r.start, r.end)).join(" ");
  // A quote across pages: each page holds a part of it.
  const whole = ranges.length > 1 ? null : quote;
  // A whole passage with its verified quote known: only the quote's words, found inside it.
  const inside = whole && own[0] ? findQuote(text.slice(own[0].start, own[0].end), whole) : null;
  if (inside && own[0] && inside.end - inside.start < own[0].end - own[0].start) {
    const at = own[0].start;
    marksOf(places, at + inside.start, at + inside.end, marks, own[0] === current);
    return marks;
  }
  if (!whole || readsAs(marked, whole)) {
    for (const r of own) marksOf(places, r.start, r.end, marks, r === current);
    return marks;
  }
  const found = findQuote(text, whole);
  if (found) marksOf(places, found.start, found.end, marks);
  return marks;
}

/** The marked text reads as the quote: the same characters, or 3/4 of its words (a fuzzy match). */
function readsAs(marked: string, quote: string): boolean {
  if (squash(marked) === squash(quote)) return true;
  const words = quote.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 4) return false;
  const text = marked.toLowerCase();
  return words.filter((w) => text.includes(w)).length / words.length >= 0.75;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** What customTextRenderer returns for one item: its text escaped, the marked parts in <mark>. */
export function renderItem(str: string, marks: readonly ItemMark[] | undefined) {
  if (!marks || marks.length === 0) return escapeHtml(str);
  const sorted = [...marks].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [from, to, current] of sorted) {
    if (from < at) continue;
    out += escapeHtml(str.slice(at, from));
    const name = current ? "doc-highlight doc-highlight-current" : "doc-highlight";
    out += `<mark class="${name}">${escapeHtml(str.slice(from, to))}</mark>`;
    at = to;
  }
  return out + escapeHtml(str.slice(at));
}
