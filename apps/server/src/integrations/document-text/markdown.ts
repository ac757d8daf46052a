import type { SafeNode, SafeTag } from "@nexus/contracts";
import { decodeText } from "./decode.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import { TextBuilder } from "./text-builder.ts";
import type { ParsedDocument, ParseOptions } from "./types.ts";

/** Markdown: headings (ATX and setext) with their levels; inline marks dropped, code kept. */

function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|~~)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=$|[^\w*])/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/<[^>]+>/g, "");
}

type Block = "p" | "ul" | "ol" | "quote" | "tr";

/** The block a Markdown line starts: a list item, a quote, a table row, or a paragraph line. */
function blockOf(line: string): Block {
  if (/^\s*[-*+]\s+/.test(line)) return "ul";
  if (/^\s*\d+[.)]\s+/.test(line)) return "ol";
  if (/^\s*>\s+/.test(line)) return "quote";
  return line.includes("|") ? "tr" : "p";
}

/**
 * The rendered view of the Markdown (a SAFE_TAGS tree: headings, paragraphs, lists, quotes, code,
 * tables), each block with its range in the text. Inline marks are dropped, as in the text.
 */
class MarkdownView {
  readonly nodes: SafeNode[] = [];

  add(kind: Block, text: string, at: [number, number] | null) {
    if (!at) return;
    const [s, e] = at;
    const last = this.nodes.at(-1);
    const open = (tag: "ul" | "ol" | "table") => {
      if (typeof last !== "string" && last?.tag === tag) return last;
      const node: Exclude<SafeNode, string> = { tag, children: [] };
      this.nodes.push(node);
      return node;
    };
    if (kind === "ul" || kind === "ol")
      open(kind).children.push({
        tag: "li",
        s,
        e,
        children: [text.replace(/^\s*([-*+]|\d+[.)])\s+/, "")],
      });
    else if (kind === "tr") {
      // A table's rule (|:--|:-:|) is layout, not a row.
      if (/^[\s|:-]+$/.test(text)) return;
      const table = open("table");
      const cell = table.children.length === 0 ? "th" : "td";
      table.children.push({
        tag: "tr",
        s,
        e,
        children: text.split(" | ").map((c) => ({ tag: cell, children: [c.trim()] })),
      });
    } else if (kind === "quote") this.nodes.push({ tag: "blockquote", s, e, children: [text] });
    else this.nodes.push({ tag: "p", s, e, children: [text] });
  }
}

export function parseMarkdown(options: ParseOptions): ParsedDocument {
  const lines = decodeText(options.bytes).replace(/\r\n?/g, "\n").split("\n");
  const builder = new TextBuilder();
  const view = new MarkdownView();
  let paragraph: string[] = [];
  let kind: Block = "p";
  let fence: string | null = null;
  let code: string[] = [];
  const flush = () => {
    if (paragraph.length) {
      const text = inline(paragraph.join(" "));
      view.add(kind, text.replace(/\s+/g, " ").trim(), builder.paragraph(text));
    }
    paragraph = [];
    kind = "p";
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (fence !== null) {
      if (line.trim().startsWith(fence)) {
        const at = builder.lines(code.join("\n"));
        if (at)
          view.nodes.push({
            tag: "pre",
            s: at[0],
            e: at[1],
            children: [{ tag: "code", children: [code.join("\n")] }],
          });
        fence = null;
        code = [];
      } else code.push(line);
      continue;
    }
    const open = /^\s*(```+|~~~+)/.exec(line);
    if (open) {
      flush();
      fence = open[1] ?? "```";
      continue;
    }
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx) {
      flush();
      const level = Math.min(6, atx[1]?.length ?? 1);
      const title = inline(atx[2] ?? "");
      const at = builder.heading(level, title);
      if (at)
        view.nodes.push({
          tag: `h${level}` as SafeTag,
          s: at[0],
          e: at[1],
          children: [title.replace(/\s+/g, " ").trim()],
        });
      continue;
    }
    const next = lines[i + 1] ?? "";
    if (
      line.trim() &&
      paragraph.length === 0 &&
      /^\s{0,3}(=+|-+)\s*$/.test(next) &&
      !/^\s*[-*+]\s/.test(line)
    ) {
      const level = next.trim().startsWith("=") ? 1 : 2;
      const at = builder.heading(level, inline(line));
      if (at)
        view.nodes.push({
          tag: level === 1 ? "h1" : "h2",
          s: at[0],
          e: at[1],
          children: [inline(line).replace(/\s+/g, " ").trim()],
        });
      i++;
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line)) continue; // table rule
    const item = /^\s*([-*+]|\d+[.)]|>)\s+/.test(line);
    if (item || line.includes("|")) flush();
    if (paragraph.length === 0) kind = blockOf(line);
    paragraph.push(
      line
        .replace(/^\s*>\s?/, "")
        .replace(/^\s*\|/, "")
        .replace(/\|\s*$/, "")
        .replace(/\s*\|\s*/g, " | "),
    );
    if (item || line.includes("|")) flush();
  }
  if (fence !== null) {
    const at = builder.lines(code.join("\n"));
    if (at)
      view.nodes.push({
        tag: "pre",
        s: at[0],
        e: at[1],
        children: [{ tag: "code", children: [code.join("\n")] }],
      });
  }
  flush();
  const { text, headings } = builder.build();
  const page = {
    number: 1,
    text,
    ocr: false,
    headings,
    view: { type: "html" as const, nodes: view.nodes },
  };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "markdown", pages: [page], rtl: isRtl(text), warnings: [] };
}
