import type { NexdocsNode } from "@nexus/contracts";
import { bm25Scores } from "../../ai/offline/scoring.ts";
import { terms } from "../../lib/text-tokens.ts";

/**
 * A NexDocs document as the side chat reads it (issue 40 scope 4): sections split at its headings,
 * a long run of paragraphs under one heading cut into windows of whole blocks (a document may be
 * long: a question is answered from the sections that match it, not the whole text), each named by
 * its heading path ("Harbour report › Repairs") so a citation says where it points.
 */

/** Characters of one section at most (a longer run of blocks under a heading is split). */
export const SECTION_CHARS = 1_200;
/** Sections a question is answered from at most. */
export const SECTIONS_PER_QUESTION = 6;

export interface DocSection {
  /** Its place in the document, 0-based (its source link names it). */
  index: number;
  /** Its heading path, or null before the first heading. */
  heading: string | null;
  text: string;
}

/** Inline text of a node: text, line breaks, and a citation chip by its title. */
function inline(node: NexdocsNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return "\n";
  if (node.type === "citation") return "";
  return (node.content ?? []).map(inline).join("");
}

/** A block's plain text: paragraphs and list items on their lines, table cells joined with |. */
function blockText(node: NexdocsNode): string {
  switch (node.type) {
    case "paragraph":
    case "heading":
    case "codeBlock":
      return inline(node).trim();
    case "tableRow":
      return (node.content ?? []).map((cell) => blockText(cell).replace(/\n+/g, " ")).join(" | ");
    default:
      return (node.content ?? [])
        .map(blockText)
        .filter((t) => t !== "")
        .join("\n");
  }
}

/** The document's sections, in order (an empty document has none). */
export function sectionsOf(doc: NexdocsNode): DocSection[] {
  const sections: DocSection[] = [];
  const path: string[] = [];
  let heading: string | null = null;
  let blocks: string[] = [];
  let chars = 0;
  const flush = () => {
    if (blocks.length > 0)
      sections.push({ index: sections.length, heading, text: blocks.join("\n") });
    blocks = [];
    chars = 0;
  };
  for (const node of doc.content ?? []) {
    if (node.type === "heading") {
      flush();
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      path.length = Math.min(path.length, level - 1);
      path[level - 1] = inline(node).trim() || "…";
      heading = path.filter(Boolean).join(" › ");
      continue;
    }
    const text = blockText(node);
    if (text === "") continue;
    // A block longer than a window is a window of its own (cut at the window's size).
    for (let at = 0; at < text.length; at += SECTION_CHARS) {
      const piece = text.slice(at, at + SECTION_CHARS);
      if (chars > 0 && chars + piece.length > SECTION_CHARS) flush();
      blocks.push(piece);
      chars += piece.length + 1;
    }
  }
  flush();
  return sections;
}

/** `count` items spread evenly over the list, first and last included. */
function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / Math.max(count - 1, 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)] as T);
}

/**
 * The sections a question is answered from, best first: by BM25 over their
 * heading and text (the offline engine's ranking, lib/text-tokens' stemmed terms); when none holds
 * a word of the question ("summarise this"), sections spread evenly over the whole document.
 */
export function rankSections(
  sections: readonly DocSection[],
  question: string,
  max = SECTIONS_PER_QUESTION,
): DocSection[] {
  if (sections.length <= max) return [...sections];
  const scores = bm25Scores({
    query: terms(question),
    documents: sections.map((s) => terms(`${s.heading ?? ""}\n${s.text}`)),
  });
  const ranked = sections
    .map((section, i) => ({ section, score: scores[i] ?? 0 }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((r) => r.section);
  return ranked.length > 0 ? ranked : evenly(sections, max);
}
