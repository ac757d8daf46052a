import { type JSONContent, type MarkdownToken, Node } from "@tiptap/core";

/**
 * Math in a NexDocs document (issue 40): TeX kept as written in a `latex` attribute, inline
 * (`$…$`) and as a block (`$$…$$` on lines of its own) — the same node types as the web editor's
 * (apps/web/src/features/nexdocs/editor/math.ts, which draws them with KaTeX), so a document's
 * math round-trips through Markdown. Inline math follows Pandoc's rule (no space just inside the
 * dollars, no digit just after the closing one), so "$5 and $6" stays text.
 */

const INLINE = /^\$(?![\s$])((?:\\\$|[^$\n])+?)(?<![\s\\])\$(?!\d)/;
const BLOCK = /^\$\$[ \t]*\n?([\s\S]+?)\n?[ \t]*\$\$[ \t]*(?:\n+|$)/;

const latexOf = (token: MarkdownToken) => (typeof token.latex === "string" ? token.latex : "");

export const InlineMathNode = Node.create({
  name: "inlineMath",
  group: "inline",
  inline: true,
  atom: true,
  addAttributes() {
    return { latex: { default: "" } };
  },
  markdownTokenizer: {
    name: "inlineMath",
    level: "inline" as const,
    start: (src: string) => src.indexOf("$"),
    tokenize: (src: string) => {
      const match = INLINE.exec(src);
      return match ? { type: "inlineMath", raw: match[0], latex: match[1] ?? "" } : undefined;
    },
  },
  parseMarkdown: (token: MarkdownToken) => ({
    type: "inlineMath",
    attrs: { latex: latexOf(token) },
  }),
  renderMarkdown: (node: JSONContent) => `$${String(node.attrs?.latex ?? "")}$`,
});

export const BlockMathNode = Node.create({
  name: "blockMath",
  group: "block",
  atom: true,
  addAttributes() {
    return { latex: { default: "" } };
  },
  markdownTokenizer: {
    name: "blockMath",
    level: "block" as const,
    start: (src: string) => src.indexOf("$$"),
    tokenize: (src: string) => {
      const match = BLOCK.exec(src);
      return match
        ? { type: "blockMath", raw: match[0], latex: (match[1] ?? "").trim() }
        : undefined;
    },
  },
  parseMarkdown: (token: MarkdownToken) => ({
    type: "blockMath",
    attrs: { latex: latexOf(token) },
  }),
  renderMarkdown: (node: JSONContent) => `$$\n${String(node.attrs?.latex ?? "")}\n$$`,
});
