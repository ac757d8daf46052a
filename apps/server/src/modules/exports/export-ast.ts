import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import { unified } from "unified";

/**
 * An export's Markdown as its syntax tree (mdast: GFM tables, footnotes, strikethrough, and
 * `$…$` / `$$…$$` math), the one source the PDF and Word renderers draw from.
 */
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath);

export function exportAst(markdown: string): Root {
  return parser.runSync(parser.parse(markdown)) as Root;
}

/**
 * The tree of an export's Markdown pieces (export-markdown.ts exportChunks), parsed one piece at
 * a time with a turn of the event loop between them: a long thread never holds the server for
 * the whole parse.
 */
export async function exportAstOf(chunks: readonly string[]): Promise<Root> {
  const root: Root = { type: "root", children: [] };
  for (const chunk of chunks) {
    root.children.push(...exportAst(chunk).children);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return root;
}

/** A node's plain text (a heading's, a link's, a table cell's). */
export function plainText(node: { type: string; value?: unknown; children?: unknown }): string {
  if (typeof node.value === "string") return node.value;
  if (!Array.isArray(node.children)) return "";
  return (node.children as { type: string }[]).map((c) => plainText(c)).join("");
}
