import { parseHTML } from "linkedom";
import { TextBuilder } from "./text-builder.ts";

/**
 * Text of an HTML/XHTML tree (DOCX via mammoth's HTML, EPUB chapters, HTML after Readability) as
 * blocks with headings. The DOM is linkedom's: it never runs scripts or loads anything; script,
 * style and template contents are skipped.
 */

interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
}

const SKIP = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "HEAD",
  "SVG",
  "IFRAME",
  "OBJECT",
]);
const BLOCK = new Set([
  "P",
  "DIV",
  "LI",
  "UL",
  "OL",
  "DL",
  "DT",
  "DD",
  "TABLE",
  "TBODY",
  "THEAD",
  "TFOOT",
  "TR",
  "SECTION",
  "ARTICLE",
  "ASIDE",
  "HEADER",
  "FOOTER",
  "NAV",
  "MAIN",
  "BLOCKQUOTE",
  "FIGURE",
  "FIGCAPTION",
  "ADDRESS",
  "HR",
  "BODY",
  "HTML",
  "FORM",
  "FIELDSET",
  "CAPTION",
  "DETAILS",
  "SUMMARY",
]);
const CELL = new Set(["TD", "TH"]);

export function domToText(root: DomNode, builder = new TextBuilder()): TextBuilder {
  let inline = "";
  const flush = () => {
    builder.paragraph(inline);
    inline = "";
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      inline += node.nodeValue ?? "";
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) return;
    const heading = /^H([1-6])$/.exec(name);
    if (heading) {
      flush();
      let text = "";
      const collect = (n: DomNode) => {
        if (n.nodeType === 3) text += n.nodeValue ?? "";
        else if (!SKIP.has(n.nodeName.toUpperCase()))
          for (const c of Array.from(n.childNodes)) collect(c);
      };
      collect(node);
      builder.heading(Number(heading[1]), text);
      return;
    }
    if (name === "PRE") {
      flush();
      let text = "";
      const collect = (n: DomNode) => {
        if (n.nodeType === 3) text += n.nodeValue ?? "";
        else for (const c of Array.from(n.childNodes)) collect(c);
      };
      collect(node);
      builder.lines(text);
      return;
    }
    if (name === "BR") {
      inline += "\n";
      return;
    }
    const block = BLOCK.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (CELL.has(name)) inline += " \t ";
    if (block) flush();
  };
  walk(root);
  flush();
  return builder;
}

export function htmlToText(html: string, builder?: TextBuilder): TextBuilder {
  const { document } = parseHTML(html);
  return domToText(document as unknown as DomNode, builder);
}
