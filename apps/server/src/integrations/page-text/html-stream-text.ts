import { Parser } from "htmlparser2";
import { TextBuilder } from "../document-text/text-builder.ts";

/**
 * A linear walk over HTML: htmlparser2's tokenizer (no tree, no recursion) feeding the same blocks
 * as document-text's domToText (paragraphs, headings, preformatted lines, table cells), while it
 * measures the markup: the deepest nesting and the number of elements. Its cost grows with the
 * page's length only, so it is how a page too deep or too large for a DOM and Readability is read
 * (page-text.ts) and how such an uploaded HTML file is read (document-text/html.ts).
 */

export interface HtmlShape {
  /** The deepest element nesting the tokenizer saw. */
  depth: number;
  /** Elements opened. */
  elements: number;
}

export interface StreamText extends HtmlShape {
  builder: TextBuilder;
  /** The <title>'s text, when there is one. */
  title: string;
}

const SKIP = new Set([
  "script",
  "style",
  "noscript",
  "title",
  "template",
  "head",
  "svg",
  "iframe",
  "object",
]);
const BLOCK = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "nav",
  "main",
  "blockquote",
  "figure",
  "figcaption",
  "address",
  "hr",
  "body",
  "html",
  "form",
  "fieldset",
  "caption",
  "details",
  "summary",
]);
const CELL = new Set(["td", "th"]);

/**
 * Text and shape of `html`. Text stops being collected once `maxChars` characters are built (the
 * shape is still measured to the end); `maxChars` undefined keeps it all.
 */
export function htmlStreamText(
  html: string,
  options: { maxChars?: number; builder?: TextBuilder } = {},
): StreamText {
  const builder = options.builder ?? new TextBuilder();
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  let skip = 0;
  let inTitle = false;
  let title = "";
  // Held in an object: the parser's callbacks change them, which TypeScript cannot follow.
  const open: {
    heading: { level: number; text: string } | null;
    pre: { depth: number; text: string } | null;
  } = { heading: null, pre: null };
  let inline = "";
  const full = () => builder.size >= maxChars;
  const flush = () => {
    if (inline && !full()) builder.paragraph(inline);
    inline = "";
  };
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        elements++;
        if (depth > deepest) deepest = depth;
        if (name === "title" && !title) inTitle = true;
        if (skip > 0 || SKIP.has(name)) {
          skip++;
          return;
        }
        if (open.pre) return;
        const level = /^h([1-6])$/.exec(name);
        if (level && !open.heading) {
          flush();
          open.heading = { level: Number(level[1]), text: "" };
          return;
        }
        if (open.heading) {
          if (name === "br") open.heading.text += " ";
          return;
        }
        if (name === "pre") {
          flush();
          open.pre = { depth, text: "" };
          return;
        }
        if (name === "br") inline += "\n";
        else if (BLOCK.has(name)) flush();
      },
      ontext(text) {
        if (inTitle && title.length < 1000) title += text;
        if (skip > 0 || full()) return;
        if (open.pre) open.pre.text += text;
        else if (open.heading) open.heading.text += text;
        else inline += text;
      },
      onclosetag(name) {
        depth = Math.max(0, depth - 1);
        if (name === "title") inTitle = false;
        if (skip > 0) {
          skip--;
          return;
        }
        if (open.pre) {
          if (name === "pre" && depth < open.pre.depth) {
            if (!full()) builder.lines(open.pre.text);
            open.pre = null;
          }
          return;
        }
        if (open.heading) {
          if (/^h[1-6]$/.test(name)) {
            if (!full()) builder.heading(open.heading.level, open.heading.text);
            open.heading = null;
          }
          return;
        }
        if (CELL.has(name)) inline += " \t ";
        if (BLOCK.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  if (open.heading && !full()) builder.heading(open.heading.level, open.heading.text);
  if (open.pre && !full()) builder.lines(open.pre.text);
  flush();
  return { builder, title: title.replace(/\s+/g, " ").trim(), depth: deepest, elements };
}
