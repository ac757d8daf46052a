/**
 * U+0000 and lone UTF-16 surrogates: PostgreSQL cannot store them, so a page's text never holds
 * them (the server's clean-text.ts uses the same pattern on every parsed text).
 */
export const UNSTORABLE_PATTERN =
  "\\u0000|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
const UNSTORABLE = new RegExp(UNSTORABLE_PATTERN, "g");
const HAS_UNSTORABLE = new RegExp(UNSTORABLE_PATTERN);

/** `text` without U+0000 and lone surrogates (the same string when it holds none). */
export function cleanText(text: string): string {
  return HAS_UNSTORABLE.test(text) ? text.replace(UNSTORABLE, "") : text;
}

/**
 * Shared by the server (ingestion: the page text that chunks index into) and the browser (the PDF
 * viewer computes the same text from its own pdf.js text layer, so a citation's page range maps to
 * the text-layer items it covers).
 *
 * A PDF page's text from pdf.js `getTextContent` items, with the item-offset table (types.ts):
 * each item's text is its `str` in NFKC (Arabic presentation forms and ligatures become plain
 * letters), "\n" follows a line's end. On a right-to-left line the items come from pdf.js in visual
 * order (left to right); they are joined in reading order instead (reversed, with runs of
 * left-to-right items such as numbers and Latin words kept in their own order).
 */

export interface PdfTextItem {
  str: string;
  dir: string;
  hasEOL: boolean;
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/g;
const LTR_CHAR = /[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3040-\u9fff]/g;
const HAS_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const HAS_LTR = /[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3040-\u9fff]/;

function lineOrder(line: number[], texts: string[]): number[] {
  let rtl = 0;
  let ltr = 0;
  for (const i of line) {
    const t = texts[i] ?? "";
    rtl += t.match(RTL_CHAR)?.length ?? 0;
    ltr += t.match(LTR_CHAR)?.length ?? 0;
  }
  if (rtl <= ltr) return line;
  const reversed = [...line].reverse();
  const out: number[] = [];
  let run: number[] = [];
  const isLtr = (i: number) => {
    const t = texts[i] ?? "";
    return !HAS_RTL.test(t) && (HAS_LTR.test(t) || (run.length > 0 && t.trim() === ""));
  };
  for (const i of reversed) {
    if (isLtr(i)) run.push(i);
    else {
      out.push(...run.reverse(), i);
      run = [];
    }
  }
  out.push(...run.reverse());
  return out;
}

export function pageTextFromItems(items: PdfTextItem[]): {
  text: string;
  items: Array<[number, number]>;
} {
  // Cleaned before any offset is taken: a NUL or lone surrogate in a glyph string never reaches
  // the page's text, and the ranges match the text that is stored.
  const texts = items.map((item) => cleanText(item.str.normalize("NFKC")));
  const ranges: Array<[number, number]> = items.map(() => [0, 0]);
  let text = "";
  let line: number[] = [];
  const emit = (eol: boolean) => {
    for (const i of lineOrder(line, texts)) {
      const start = text.length;
      text += texts[i] ?? "";
      ranges[i] = [start, text.length];
    }
    if (eol) text += "\n";
    line = [];
  };
  items.forEach((item, i) => {
    line.push(i);
    if (item.hasEOL) emit(true);
  });
  emit(false);
  return { text, items: ranges };
}
