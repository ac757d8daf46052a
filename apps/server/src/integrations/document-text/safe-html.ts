import { type HtmlView, SAFE_TAGS, type SafeNode, type SafeTag } from "@nexus/contracts";
import { parseHTML } from "linkedom";

/**
 * The sanitiser of a document's formatted view (DOCX through mammoth's HTML): HTML in, a tree of
 * SAFE_TAGS out. Kept: headings, paragraphs, lists, tables (colspan/rowspan only), emphasis, code,
 * line breaks. Dropped with their content: script, style, iframe, object, embed, svg, math, form
 * controls, images (no remote fetch, no data URL), template and head. Unwrapped (their text kept):
 * links (no href survives), spans, divs and any other element. No attribute survives but the
 * spans, so no handler, style or URL reaches the page; the web builds React elements from the
 * tree, never an HTML string. Each leaf block (a paragraph, heading, list item or table row with
 * no block inside) gets `s`/`e`, its [start, end) in the page's text, found in reading order.
 */

interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?: (name: string) => string | null;
}

const SAFE = new Set<string>(SAFE_TAGS);
const DROP = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "img",
  "picture",
  "video",
  "audio",
  "source",
  "track",
  "canvas",
  "template",
  "noscript",
  "head",
  "link",
  "meta",
  "base",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "title",
]);
const BLOCKS = new Set<SafeTag>([
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "li",
  "tr",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "table",
  "thead",
  "tbody",
]);
const LEAF_BLOCKS = new Set<SafeTag>(["h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "tr", "pre"]);
const MAX_NODES = 200_000;

function spanOf(node: DomNode): [number, number] | undefined {
  const num = (name: string) => {
    const n = Number(node.getAttribute?.(name) ?? 1);
    return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
  };
  const span: [number, number] = [num("colspan"), num("rowspan")];
  return span[0] > 1 || span[1] > 1 ? span : undefined;
}

function convert(nodes: ArrayLike<DomNode>, budget: { left: number }): SafeNode[] {
  const out: SafeNode[] = [];
  for (const node of Array.from(nodes)) {
    if (--budget.left < 0) break;
    if (node.nodeType === 3) {
      if (node.nodeValue) out.push(node.nodeValue);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = node.nodeName.toLowerCase();
    if (DROP.has(tag)) continue;
    const kids = convert(node.childNodes, budget);
    if (!SAFE.has(tag)) {
      out.push(...kids);
      continue;
    }
    const safe: Exclude<SafeNode, string> = { tag: tag as SafeTag, children: kids };
    if (tag === "td" || tag === "th") {
      const span = spanOf(node);
      if (span) safe.span = span;
    }
    out.push(safe);
  }
  return out;
}

const textOf = (node: SafeNode): string =>
  typeof node === "string"
    ? node
    : node.tag === "br"
      ? "\n"
      : node.children.map(textOf).join(node.tag === "tr" ? " " : "");

const hasBlock = (node: SafeNode): boolean =>
  typeof node !== "string" &&
  node.children.some((c) => typeof c !== "string" && (BLOCKS.has(c.tag) || hasBlock(c)));

/** Sets `s`/`e` on each leaf block whose text is found in `text`, in order. */
function locate(nodes: SafeNode[], text: string) {
  let at = 0;
  const walk = (node: SafeNode) => {
    if (typeof node === "string") return;
    if (LEAF_BLOCKS.has(node.tag) && !hasBlock(node)) {
      const needle = textOf(node)
        .replace(/[ \t\f\v\u00a0\r\n]+/g, " ")
        .trim();
      if (!needle) return;
      const s = text.indexOf(needle, at);
      if (s >= 0) {
        node.s = s;
        node.e = s + needle.length;
        at = node.e;
      }
      return;
    }
    for (const child of node.children) walk(child);
  };
  for (const node of nodes) walk(node);
}

/** HTML (untrusted) as a safe view; `text` is the page's text the blocks are located in. */
export function safeHtmlView(html: string, text: string): HtmlView {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const body = (document as unknown as { body: DomNode }).body;
  const nodes = convert(body.childNodes, { left: MAX_NODES });
  locate(nodes, text);
  return { type: "html", nodes };
}
