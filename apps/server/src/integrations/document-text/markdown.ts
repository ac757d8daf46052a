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

export function parseMarkdown(options: ParseOptions): ParsedDocument {
  const lines = decodeText(options.bytes).replace(/\r\n?/g, "\n").split("\n");
  const builder = new TextBuilder();
  let paragraph: string[] = [];
  let fence: string | null = null;
  let code: string[] = [];
  const flush = () => {
    if (paragraph.length) builder.paragraph(inline(paragraph.join(" ")));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (fence !== null) {
      if (line.trim().startsWith(fence)) {
        builder.lines(code.join("\n"));
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
      builder.heading(atx[1]?.length ?? 1, inline(atx[2] ?? ""));
      continue;
    }
    const next = lines[i + 1] ?? "";
    if (
      line.trim() &&
      paragraph.length === 0 &&
      /^\s{0,3}(=+|-+)\s*$/.test(next) &&
      !/^\s*[-*+]\s/.test(line)
    ) {
      builder.heading(next.trim().startsWith("=") ? 1 : 2, inline(line));
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
    paragraph.push(
      line
        .replace(/^\s*>\s?/, "")
        .replace(/^\s*\|/, "")
        .replace(/\|\s*$/, "")
        .replace(/\s*\|\s*/g, " | "),
    );
    if (item || line.includes("|")) flush();
  }
  if (fence !== null) builder.lines(code.join("\n"));
  flush();
  const { text, headings } = builder.build();
  const page = { number: 1, text, ocr: false, headings };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "markdown", pages: [page], rtl: isRtl(text), warnings: [] };
}
