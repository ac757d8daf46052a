import {
  citationAttributes,
  citationMarkdownHooks,
  NEXDOCS_CITATION_NODE,
  type NexdocsNode,
} from "@nexus/contracts";
import { getSchema, type JSONContent, Node } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { MarkdownManager } from "@tiptap/markdown";
import StarterKit from "@tiptap/starter-kit";
import { BlockMathNode, InlineMathNode } from "./nexdocs.math.ts";

/**
 * The NexDocs document schema on the server: the same node types as the web editor
 * (apps/web/src/features/nexdocs/editor/extensions.ts: starter kit, tables, task lists, citation
 * chips, images, math), so a document's JSON turns into Markdown (for search and exports) and Markdown into JSON
 * (for create and import) without a DOM.
 */

/** A citation chip: an inline atom that keeps its source (contracts' nexdocs-citation.ts). */
export const CitationNode = Node.create({
  name: NEXDOCS_CITATION_NODE,
  group: "inline",
  inline: true,
  atom: true,
  addAttributes: citationAttributes,
  ...citationMarkdownHooks,
});

export const NEXDOCS_EXTENSIONS = [
  StarterKit.configure({ link: { openOnClick: false } }),
  TableKit,
  TaskList,
  TaskItem.configure({ nested: true }),
  CitationNode,
  Image,
  InlineMathNode,
  BlockMathNode,
];

const manager = new MarkdownManager({ extensions: NEXDOCS_EXTENSIONS });
const schema = getSchema(NEXDOCS_EXTENSIONS);

const SAFE_HREF = /^(https?:|mailto:|#|\/(?!\/))/i;
const UUID_PART = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** An image stored with a document (nexdocs.images.ts): the only image address a document keeps. */
export const IMAGE_SRC = new RegExp(`^/api/nexdocs/(${UUID_PART})/images/(${UUID_PART})$`, "i");

/**
 * An image node as it may be stored: one of ours as it is (a block); any other address (another
 * origin, `data:`, `javascript:`) is never loaded nor kept — its alt text stays. Inside a line of
 * text (Markdown's `text ![](…) text`) an image, ours too, is its alt text.
 */
function cleanImage(node: NexdocsNode, inText: boolean): NexdocsNode | null {
  const src = typeof node.attrs?.src === "string" ? node.attrs.src.trim() : "";
  const alt = typeof node.attrs?.alt === "string" ? node.attrs.alt.slice(0, 500).trim() : "";
  if (IMAGE_SRC.test(src) && !inText)
    return { type: "image", attrs: { src, alt: alt || null, title: null } };
  if (!alt) return null;
  const text: NexdocsNode = { type: "text", text: alt };
  return inText ? text : { type: "paragraph", content: [text] };
}

const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

/**
 * A document as it may be stored: links only to http(s), mailto, in-page anchors and app paths
 * (no `javascript:`, `data:` or protocol-relative address survives; such a link keeps its text),
 * citation addresses only http(s). Pasted, imported and saved content all pass here.
 */
export function cleanDoc(node: NexdocsNode): NexdocsNode {
  if (node.type === "image") return cleanImage(node, false) ?? { type: "paragraph" };
  const marks = node.marks?.filter(
    (m) =>
      m.type !== "link" ||
      (typeof m.attrs?.href === "string" && SAFE_HREF.test(m.attrs.href.trim())),
  );
  let attrs = node.attrs;
  if (node.type === "citation" && attrs) {
    const url = typeof attrs.url === "string" && /^https?:\/\//i.test(attrs.url) ? attrs.url : null;
    attrs = { ...attrs, url };
  }
  return {
    ...node,
    ...(attrs ? { attrs } : {}),
    ...(marks ? { marks } : {}),
    ...(node.content
      ? { content: node.content.flatMap((child) => cleanChild(child, TEXT_BLOCKS.has(node.type))) }
      : {}),
  };
}

function cleanChild(node: NexdocsNode, inText: boolean): NexdocsNode[] {
  if (node.type !== "image") return [cleanDoc(node)];
  const image = cleanImage(node, inText);
  return image ? [image] : [];
}

/** The document with each of its images' addresses given by `src(imageId)` (a share's). */
export function withImageSources(doc: NexdocsNode, src: (imageId: string) => string): NexdocsNode {
  if (doc.type === "image") {
    const match = IMAGE_SRC.exec(String(doc.attrs?.src ?? ""));
    return match?.[2] ? { ...doc, attrs: { ...doc.attrs, src: src(match[2]) } } : doc;
  }
  return doc.content
    ? { ...doc, content: doc.content.map((child) => withImageSources(child, src)) }
    : doc;
}

/** True when the JSON is a document of the editor's schema (node types, nesting, marks). */
export function isValidDoc(doc: NexdocsNode): boolean {
  try {
    schema.nodeFromJSON(doc).check();
    return true;
  } catch {
    return false;
  }
}

export const EMPTY_DOC: NexdocsNode = { type: "doc", content: [{ type: "paragraph" }] };

export function markdownToDoc(markdown: string): NexdocsNode {
  if (markdown.trim() === "") return EMPTY_DOC;
  const doc = cleanDoc(manager.parse(markdown) as NexdocsNode);
  return doc.content?.length ? doc : EMPTY_DOC;
}

export function docToMarkdown(doc: NexdocsNode): string {
  return manager.serialize(doc as JSONContent).trim();
}

/**
 * A light Markdown rendition of a document for search and list excerpts: headings with their
 * marks, list items, table rows, code fences and the text, one block a line. A walk over the JSON
 * (a few ms for 50 pages), so an autosave does not pay for the full serialiser, which exports use.
 */
export function searchMarkdownOf(doc: NexdocsNode): string {
  const lines: string[] = [];
  const inline = (node: NexdocsNode): string =>
    node.type === "text"
      ? (node.text ?? "")
      : node.type === "citation"
        ? ` ${String(node.attrs?.title ?? "")} `
        : node.type === "hardBreak"
          ? " "
          : node.type === "inlineMath"
            ? `$${String(node.attrs?.latex ?? "")}$`
            : (node.content ?? []).map(inline).join("");
  const block = (node: NexdocsNode, prefix: string) => {
    switch (node.type) {
      case "heading":
        lines.push(`${"#".repeat(Number(node.attrs?.level) || 1)} ${inline(node)}`);
        return;
      case "paragraph":
        lines.push(`${prefix}${inline(node)}`);
        return;
      case "codeBlock":
        lines.push("```", inline(node), "```");
        return;
      case "tableRow":
        lines.push(`| ${(node.content ?? []).map((cell) => inline(cell).trim()).join(" | ")} |`);
        return;
      case "listItem":
      case "taskItem": {
        const [first, ...rest] = node.content ?? [];
        if (first) block(first, `${prefix}- `);
        for (const child of rest) block(child, `${prefix}  `);
        return;
      }
      case "blockMath":
        lines.push(`$$ ${String(node.attrs?.latex ?? "")} $$`);
        return;
      case "horizontalRule":
        lines.push("---");
        return;
      default:
        for (const child of node.content ?? []) block(child, prefix);
    }
  };
  block(doc, "");
  return lines.join("\n").trim();
}

interface CitationSource {
  title: string;
  url: string | null;
  detail: string | null;
}

/**
 * Markdown for an export: each citation chip becomes a numbered link `[n]` to its source, and a
 * "Sources" list at the end names them all (a file's page where it has one).
 */
export function exportMarkdownOf(doc: NexdocsNode): string {
  const sources: CitationSource[] = [];
  const keys = new Map<string, number>();
  const rewrite = (node: NexdocsNode): NexdocsNode => {
    if (node.type === "citation") {
      const a = node.attrs ?? {};
      const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
      const url = str(a.url);
      const safeUrl = url && /^https?:\/\//i.test(url) ? url : null;
      const file = str(a.file);
      const page = a.page === null || a.page === undefined ? null : String(a.page);
      const title = str(a.title) ?? file ?? safeUrl ?? "Source";
      const key = `${title}\u0000${safeUrl}\u0000${file}\u0000${page}`;
      let n = keys.get(key);
      if (n === undefined) {
        sources.push({
          title,
          url: safeUrl,
          detail: file ? (page ? `${file}, page ${page}` : file) : null,
        });
        n = sources.length;
        keys.set(key, n);
      }
      return {
        type: "text",
        text: `[${n}]`,
        ...(safeUrl ? { marks: [{ type: "link", attrs: { href: safeUrl } }] } : {}),
      };
    }
    return node.content ? { ...node, content: node.content.map(rewrite) } : node;
  };
  const body = docToMarkdown(rewrite(doc));
  if (sources.length === 0) return body;
  const list = sources.map((s, i) => {
    const name = s.title.replace(/([[\]\\])/g, "\\$1");
    const link = s.url ? `[${name}](${s.url})` : name;
    return `${i + 1}. ${link}${s.detail && s.detail !== s.title ? ` — ${s.detail}` : ""}`;
  });
  return `${body}\n\n## Sources\n\n${list.join("\n")}`;
}
