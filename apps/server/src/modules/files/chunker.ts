import type { DocumentPage } from "../../integrations/document-text/types.ts";

/** Target and hard limits of a chunk, in characters. */
export const CHUNK_TARGET = 1_000;
const CHUNK_MAX = 1_400;
const CHUNK_MIN_BEFORE_HEADING = 200;

export interface Chunk {
  ordinal: number;
  page: number;
  /** [charStart, charEnd) in the page's text; content is that range. */
  charStart: number;
  charEnd: number;
  headingPath: string;
  content: string;
}

/** Sentence ends: ., ! or ? (with closing quotes/brackets) before space, or a blank line. */
const BOUNDARY = /[.!?…]+["'”’)\]]*(?=\s)|\n\s*\n/g;

/** [start, end) of each sentence-like piece; pieces longer than CHUNK_MAX split at whitespace. */
function pieces(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  const push = (end: number) => {
    while (end - start > CHUNK_MAX) {
      const window = text.slice(start, start + CHUNK_MAX);
      const space = window.lastIndexOf(" ");
      const cut = start + (space > CHUNK_MAX / 2 ? space + 1 : CHUNK_MAX);
      out.push([start, cut]);
      start = cut;
    }
    if (end > start) out.push([start, end]);
    start = end;
  };
  for (const m of text.matchAll(BOUNDARY)) push(m.index + m[0].length);
  push(text.length);
  return out;
}

function headingPathAt(
  headings: NonNullable<DocumentPage["headings"]>,
  offset: number,
  carried: Array<{ level: number; text: string }>,
): string {
  const stack = [...carried];
  for (const h of headings) {
    if (h.offset > offset) break;
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= h.level) stack.pop();
    stack.push({ level: h.level, text: h.text });
  }
  return stack.map((h) => h.text).join(" › ");
}

/** The heading stack at the end of a page, carried into the next page. */
function stackAfter(
  headings: NonNullable<DocumentPage["headings"]>,
  carried: Array<{ level: number; text: string }>,
) {
  const stack = [...carried];
  for (const h of headings) {
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= h.level) stack.pop();
    stack.push({ level: h.level, text: h.text });
  }
  return stack;
}

/**
 * Cuts pages into chunks of about CHUNK_TARGET characters on sentence boundaries (a heading starts
 * a new chunk once the current one has some text), never across pages; each chunk keeps its page,
 * character range and heading path.
 */
export function chunkPages(pages: DocumentPage[]): Chunk[] {
  const chunks: Chunk[] = [];
  let carried: Array<{ level: number; text: string }> = [];
  for (const page of pages) {
    const headings = [...(page.headings ?? [])].sort((a, b) => a.offset - b.offset);
    const headingStarts = new Set(headings.map((h) => h.offset));
    const emit = (start: number, end: number) => {
      const raw = page.text.slice(start, end);
      const lead = raw.length - raw.trimStart().length;
      const content = raw.trim();
      if (content === "") return;
      const charStart = start + lead;
      chunks.push({
        ordinal: chunks.length,
        page: page.number,
        charStart,
        charEnd: charStart + content.length,
        headingPath: headingPathAt(headings, charStart, carried),
        content,
      });
    };
    let start = 0;
    let end = 0;
    for (const [s, e] of pieces(page.text)) {
      const trimmedStart =
        s + (page.text.slice(s, e).length - page.text.slice(s, e).trimStart().length);
      const atHeading = headingStarts.has(trimmedStart) || headingStarts.has(s);
      if (
        end > start &&
        ((atHeading && end - start >= CHUNK_MIN_BEFORE_HEADING) ||
          e - start > CHUNK_MAX ||
          end - start >= CHUNK_TARGET)
      ) {
        emit(start, end);
        start = s;
      }
      end = e;
    }
    emit(start, end);
    carried = stackAfter(headings, carried);
  }
  return chunks;
}
