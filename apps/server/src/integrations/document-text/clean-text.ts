import type { PageView, SafeNode } from "@nexus/contracts";
import { cleanText, UNSTORABLE_PATTERN } from "@nexus/contracts/pdf-page-text";
import type { DocumentPage, ParsedDocument } from "./types.ts";

/**
 * Characters a parser may hand us that PostgreSQL cannot store: U+0000 (text and jsonb reject it,
 * SQLSTATE 22021 / 22P05) and lone UTF-16 surrogates (not Unicode scalar values; the driver would
 * turn them into U+FFFD behind our back). Both are dropped. Code units, not code points: no `u` flag.
 */
const UNSTORABLE = new RegExp(UNSTORABLE_PATTERN, "g");
const HAS_UNSTORABLE = new RegExp(UNSTORABLE_PATTERN);

export { cleanText };

/**
 * A page's text cleaned, with its offsets (headings, PDF item ranges) moved to match. `shift[i]` is
 * how many characters before old offset `i` were dropped.
 */
function cleanPage(page: DocumentPage): DocumentPage {
  const headings = page.headings?.map((h) => ({ ...h, text: cleanText(h.text) }));
  if (!HAS_UNSTORABLE.test(page.text)) return headings ? { ...page, headings } : page;
  const shift = new Uint32Array(page.text.length + 1);
  let dropped = 0;
  let last = 0;
  for (const match of page.text.matchAll(UNSTORABLE)) {
    shift.fill(dropped, last, match.index + 1);
    dropped += match[0].length;
    last = match.index + 1;
  }
  shift.fill(dropped, last);
  const at = (offset: number) =>
    offset - (shift[Math.min(Math.max(offset, 0), page.text.length)] ?? 0);
  const out: DocumentPage = { ...page, text: page.text.replace(UNSTORABLE, "") };
  if (headings) out.headings = headings.map((h) => ({ ...h, offset: at(h.offset) }));
  if (page.items) out.items = page.items.map(([start, end]) => [at(start), at(end)]);
  if (page.view) out.view = shiftView(page.view, at);
  return out;
}

/** A page view with its offsets moved and its strings cleaned like the text. */
function shiftView(view: PageView, at: (offset: number) => number): PageView {
  if (view.type === "sheet")
    return {
      ...view,
      name: cleanText(view.name),
      rows: view.rows.map((r) => ({
        ...r,
        s: at(r.s),
        e: at(r.e),
        c: r.c.map((c) => (c ? { ...c, v: cleanText(c.v) } : null)),
      })),
    };
  if (view.type === "slide")
    return {
      ...view,
      blocks: view.blocks.map((b) =>
        b.k === "table"
          ? { ...b, rows: b.rows.map((r) => ({ c: r.c.map(cleanText), s: at(r.s), e: at(r.e) })) }
          : { ...b, text: cleanText(b.text), s: at(b.s), e: at(b.e) },
      ),
    };
  const node = (n: SafeNode): SafeNode =>
    typeof n === "string"
      ? cleanText(n)
      : {
          ...n,
          ...(n.s !== undefined ? { s: at(n.s) } : {}),
          ...(n.e !== undefined ? { e: at(n.e) } : {}),
          children: n.children.map(node),
        };
  return { ...view, nodes: view.nodes.map(node) };
}

/**
 * The last step of every parse: nothing a document holds that PostgreSQL cannot store reaches the
 * ingestion (page text, heading paths, the title, warnings).
 */
export function cleanDocument(document: ParsedDocument): ParsedDocument {
  const title = document.title === undefined ? undefined : cleanText(document.title).trim();
  return {
    ...document,
    ...(document.title !== undefined ? { title: title || undefined } : {}),
    pages: document.pages.map(cleanPage),
    warnings: document.warnings.map(cleanText),
  };
}
