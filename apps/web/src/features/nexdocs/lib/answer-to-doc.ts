import { type AnswerSource, citedFileId, type NexdocsNode } from "@nexus/contracts";

/**
 * A side-chat answer as editor content ("Insert into document"): its Markdown's blocks (paragraphs,
 * headings, lists, quotes, code) as the editor's nodes, its `[n]` citations as the editor's
 * citation chips keeping their source — a web page's title and address, a file's name and page, or
 * the document's own section by name. Plain text only: nothing of the answer becomes markup the
 * editor would not make itself (links only to http(s), no HTML).
 */

const HTTP = /^https?:\/\//i;
/** `[n: "quote"]` as the model may write it (contracts' documents.ts, without its zod module). */
const QUOTED_CITATION = /\[(\d{1,3}):\s*["“][^"”\]]{1,600}["”]\]/g;
const INLINE = /\[(\d{1,3})\]|\*\*([^*\n]+)\*\*|`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** The citation chip of source `n` (1-based), or null when the answer has no such source. */
export function citationNode(source: AnswerSource | undefined): NexdocsNode | null {
  if (!source) return null;
  const fileTitle = /^(.*?),\s*p\.\s*(\d{1,6})$/.exec(source.title.trim());
  const attrs: Record<string, unknown> = { title: source.title || source.domain || "Source" };
  if (HTTP.test(source.url)) attrs.url = source.url;
  else if (citedFileId(source.url)) {
    attrs.title = fileTitle?.[1] ?? source.title;
    attrs.file = fileTitle?.[1] ?? source.title;
    if (fileTitle?.[2]) attrs.page = fileTitle[2];
  }
  // A section of this document keeps its name ("Report — Budget"); a guide, its title.
  return { type: "citation", attrs };
}

const text = (value: string, marks?: NexdocsNode["marks"]): NexdocsNode =>
  marks ? { type: "text", text: value, marks } : { type: "text", text: value };

/** A line's inline content: text, bold, code, http(s) links and citation chips. */
export function inlineNodes(line: string, sources: readonly AnswerSource[]): NexdocsNode[] {
  const out: NexdocsNode[] = [];
  let at = 0;
  const plain = (value: string) => {
    const cleaned = value.replace(/(^|[^*])\*([^*\n]+)\*/g, "$1$2");
    if (cleaned) out.push(text(cleaned));
  };
  for (const m of line.matchAll(INLINE)) {
    plain(line.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1]) {
      const chip = citationNode(sources[Number(m[1]) - 1]);
      out.push(chip ?? text(m[0]));
    } else if (m[2]) out.push(text(m[2], [{ type: "bold" }]));
    else if (m[3]) out.push(text(m[3], [{ type: "code" }]));
    else if (m[4] && m[5])
      out.push(
        HTTP.test(m[5]) ? text(m[4], [{ type: "link", attrs: { href: m[5] } }]) : text(m[4]),
      );
  }
  plain(line.slice(at));
  return out;
}

const paragraph = (content: NexdocsNode[]): NexdocsNode =>
  content.length > 0 ? { type: "paragraph", content } : { type: "paragraph" };

const LIST_ITEM = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;

function listOf(lines: string[], sources: readonly AnswerSource[]): NexdocsNode {
  const ordered = /^\s*\d+[.)]/.test(lines[0] ?? "");
  return {
    type: ordered ? "orderedList" : "bulletList",
    content: lines.map((line) => ({
      type: "listItem",
      content: [paragraph(inlineNodes(LIST_ITEM.exec(line)?.[2] ?? line, sources))],
    })),
  };
}

/** The answer's text as editor blocks, its citations as chips of `sources`. */
export function answerToContent(markdown: string, sources: readonly AnswerSource[]): NexdocsNode[] {
  const blocks: NexdocsNode[] = [];
  const lines = markdown.replace(QUOTED_CITATION, "[$1]").replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !/^\s*```/.test(lines[i] ?? "")) code.push(lines[i++] ?? "");
      i += 1;
      blocks.push({ type: "codeBlock", content: code.length ? [text(code.join("\n"))] : [] });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(Math.max(heading[1]?.length ?? 2, 2), 4);
      blocks.push({
        type: "heading",
        attrs: { level },
        content: inlineNodes(heading[2] ?? "", sources),
      });
      i += 1;
      continue;
    }
    const run: string[] = [];
    const kind = LIST_ITEM.test(line) ? "list" : line.startsWith(">") ? "quote" : "text";
    while (i < lines.length && (lines[i] ?? "").trim() !== "") {
      const next = lines[i] ?? "";
      const nextKind = LIST_ITEM.test(next) ? "list" : next.startsWith(">") ? "quote" : "text";
      if (nextKind !== kind && run.length > 0) break;
      run.push(next);
      i += 1;
    }
    if (kind === "list") blocks.push(listOf(run, sources));
    else if (kind === "quote")
      blocks.push({
        type: "blockquote",
        content: [
          paragraph(inlineNodes(run.map((l) => l.replace(/^>\s?/, "")).join(" "), sources)),
        ],
      });
    else blocks.push(paragraph(inlineNodes(run.join(" "), sources)));
  }
  return blocks;
}
