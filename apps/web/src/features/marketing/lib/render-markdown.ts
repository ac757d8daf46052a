// Relative, not "@nexus/contracts": the Vite config loads this file at build time (content
// plugin), where Node cannot import the workspace package's TypeScript entry.

/**
 * Build-time markdown → safe HTML for the repository's own content (content/blog, content/faq.md).
 * Used by the Vite content plugin (apps/web/build/content-plugin.ts) and by tests; the app never
 * imports it, so none of unified ships to the browser.
 *
 * Safe by construction: raw HTML in the markdown is dropped (remark-rehype without
 * allowDangerousHtml), only the elements and attributes below are written, every text and
 * attribute is escaped, and links other than http(s), mailto, same-site paths and #fragments lose
 * their href.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { headingId } from "../../../../../../packages/contracts/src/content.ts";
import type { ArticleBody, TocHeading } from "./article.ts";

const ELEMENTS = new Set([
  "p",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "a",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "img",
  "input",
]);
const VOID = new Set(["hr", "br", "img", "input"]);
const HEADING = /^h([2-6])$/;
const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The text of a node, as a reader sees it. */
export function textOf(node: Root | RootContent | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element" || node.type === "root")
    return node.children.map((child) => textOf(child)).join("");
  return "";
}

function attributes(node: Element): string {
  const p = node.properties;
  const out: Array<[string, string]> = [];
  const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
  if (typeof p.id === "string") out.push(["id", p.id]);
  if (Array.isArray(p.className)) {
    const classes = p.className.filter((c) => typeof c === "string" && /^language-[\w-]+$/.test(c));
    if (classes.length > 0) out.push(["class", classes.join(" ")]);
  }
  if (node.tagName === "a") {
    const href = str(p.href);
    if (href && SAFE_URL.test(href)) {
      out.push(["href", href]);
      if (/^https?:/i.test(href)) out.push(["rel", "noopener noreferrer"]);
    }
  }
  if (node.tagName === "img") {
    const src = str(p.src);
    if (src?.startsWith("/") && !src.startsWith("//")) out.push(["src", src]);
    out.push(["alt", str(p.alt) ?? ""]);
  }
  if (node.tagName === "ol" && str(p.start)) out.push(["start", str(p.start) ?? "1"]);
  if ((node.tagName === "th" || node.tagName === "td") && str(p.align))
    out.push(["style", `text-align:${str(p.align)}`]);
  if (node.tagName === "input") {
    out.push(["type", "checkbox"], ["disabled", ""]);
    if (p.checked) out.push(["checked", ""]);
  }
  return out.map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`)).join("");
}

/** Serialises hast to HTML, keeping only the allowed elements (others give their children). */
export function toHtml(nodes: ReadonlyArray<RootContent | ElementContent>): string {
  let html = "";
  for (const node of nodes) {
    if (node.type === "text") html += escapeHtml(node.value);
    else if (node.type === "element") {
      const inner = toHtml(node.children);
      if (!ELEMENTS.has(node.tagName)) html += inner;
      else if (VOID.has(node.tagName)) html += `<${node.tagName}${attributes(node)}>`;
      else html += `<${node.tagName}${attributes(node)}>${inner}</${node.tagName}>`;
    }
  }
  return html;
}

/** Markdown → hast, with ids on h2–h6 exactly as the knowledge chunker builds its #fragments. */
export function markdownToHast(markdown: string): Root {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (HEADING.test(child.tagName)) child.properties.id = headingId(textOf(child));
      visit(child);
    }
  };
  visit(tree);
  return tree;
}

/** An article body: its HTML and the h2/h3 headings of its table of contents. */
export function renderArticle(markdown: string): ArticleBody {
  const tree = markdownToHast(markdown);
  const headings: TocHeading[] = [];
  for (const node of tree.children) {
    if (node.type !== "element" || (node.tagName !== "h2" && node.tagName !== "h3")) continue;
    headings.push({
      id: String(node.properties.id),
      text: textOf(node),
      depth: node.tagName === "h2" ? 2 : 3,
    });
  }
  return { html: toHtml(tree.children), headings };
}

/** The FAQ: an introduction, then one item per `##` question with its answer. */
export function renderFaq(markdown: string): {
  introHtml: string;
  items: Array<{ id: string; question: string; html: string; text: string }>;
} {
  const tree = markdownToHast(markdown);
  const intro: RootContent[] = [];
  const items: Array<{ id: string; question: string; nodes: RootContent[] }> = [];
  for (const node of tree.children) {
    if (node.type === "element" && node.tagName === "h2") {
      items.push({ id: String(node.properties.id), question: textOf(node), nodes: [] });
      continue;
    }
    (items.at(-1)?.nodes ?? intro).push(node);
  }
  return {
    introHtml: toHtml(intro),
    items: items.map(({ id, question, nodes }) => ({
      id,
      question,
      html: toHtml(nodes),
      text: nodes
        .map((n) => textOf(n))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    })),
  };
}
