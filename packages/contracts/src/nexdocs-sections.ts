import type { NexdocsNode } from "./nexdocs.ts";

// NexDocs' side chat, without zod: the document screen reads these (a cited section's place),
// and a schema beside them would bring zod's chunk into that route.

/**
 * The app path of one section of a NexDocs document, in the side chat's thread (a source's link:
 * it opens the document at that section with the chat beside it).
 */
export function nexdocsSectionUrl(documentId: string, threadId: string, section: number): string {
  return `/app/nexdocs/${encodeURIComponent(documentId)}/${encodeURIComponent(threadId)}?section=${section}`;
}

/** The section a side-chat source stands for, from its link; null for any other source. */
export function nexdocsSectionOf(url: string): { documentId: string; section: number } | null {
  const m = /^\/app\/nexdocs\/([0-9a-f-]{36})(?:\/[A-Za-z0-9_-]{1,100})?\?section=(\d{1,6})$/i.exec(
    url,
  );
  return m?.[1] && m[2] ? { documentId: m[1].toLowerCase(), section: Number(m[2]) } : null;
}

/**
 * A NexDocs document as the side chat reads it: sections split at its headings, a long run of
 * blocks under one heading cut into windows of whole blocks, each named by its heading path
 * ("Harbour report › Repairs") so a citation says where it points. The server ranks them for a
 * question; the editor finds a cited section's first block by the same split.
 */

/** Characters of one section at most (a longer run of blocks under a heading is split). */
export const NEXDOCS_SECTION_CHARS = 1_200;

export interface NexdocsSection {
  /** Its place in the document, 0-based (its source link names it). */
  index: number;
  /** Its heading path, or null before the first heading. */
  heading: string | null;
  text: string;
  /** The top-level block it starts at (its heading's, right after one), for the editor to show it. */
  block: number;
}

/** Inline text of a node: text and line breaks (a citation chip is not the document's words). */
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
export function nexdocsSectionsOf(doc: NexdocsNode): NexdocsSection[] {
  const sections: NexdocsSection[] = [];
  const path: string[] = [];
  let heading: string | null = null;
  let blocks: string[] = [];
  let chars = 0;
  let start = 0;
  const flush = (next: number) => {
    if (blocks.length > 0)
      sections.push({ index: sections.length, heading, text: blocks.join("\n"), block: start });
    blocks = [];
    chars = 0;
    start = next;
  };
  for (const [at, node] of (doc.content ?? []).entries()) {
    if (node.type === "heading") {
      flush(at);
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      path.length = Math.min(path.length, level - 1);
      path[level - 1] = inline(node).trim() || "…";
      heading = path.filter(Boolean).join(" › ");
      continue;
    }
    const text = blockText(node);
    if (text === "") continue;
    // A block longer than a window is a window of its own (cut at the window's size).
    for (let cut = 0; cut < text.length; cut += NEXDOCS_SECTION_CHARS) {
      const piece = text.slice(cut, cut + NEXDOCS_SECTION_CHARS);
      if (chars > 0 && chars + piece.length > NEXDOCS_SECTION_CHARS) flush(at);
      blocks.push(piece);
      chars += piece.length + 1;
    }
  }
  flush(0);
  return sections;
}
