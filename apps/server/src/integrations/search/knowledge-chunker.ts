/**
 * Markdown knowledge documents → front matter + passages of a few sentences under one heading.
 * Pure functions: the indexer (knowledge-index.ts) stores what these return.
 */
import { headingId, listField, splitFrontMatter, textField } from "@nexus/contracts";

export interface KnowledgeFrontMatter {
  title: string;
  summary: string;
  tags: string[];
  /** In-app URL of the document; defaults to /blog/<slug>. */
  url: string;
}

export interface KnowledgePassage {
  ordinal: number;
  /** The nearest heading above the passage; null for the introduction. */
  heading: string | null;
  url: string;
  content: string;
}

export interface ParsedKnowledgeDocument extends KnowledgeFrontMatter {
  passages: KnowledgePassage[];
}

/** Bump when the chunking changes, so every document is re-indexed once. */
export const CHUNKER_VERSION = "1";

/** Soft size of a passage: blocks are grouped until adding one would pass it. */
const PASSAGE_CHARS = 650;
/** A single paragraph longer than this is split at sentence boundaries. */
const MAX_BLOCK_CHARS = 900;

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Inline markdown an answer should not quote: links become their text, bold markers go. */
function cleanInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/__([^_]+)__/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

function splitLongBlock(block: string): string[] {
  if (block.length <= MAX_BLOCK_CHARS) return [block];
  const parts: string[] = [];
  let current = "";
  for (const { segment } of sentenceSegmenter.segment(block)) {
    if (current !== "" && current.length + segment.length > MAX_BLOCK_CHARS) {
      parts.push(current.trim());
      current = "";
    }
    current += segment;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

interface Section {
  heading: string | null;
  blocks: string[];
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** Splits the body into sections by ## / ### headings and each section into blocks. */
function sectionsOf(body: string[]): Section[] {
  const sections: Section[] = [{ heading: null, blocks: [] }];
  let paragraph: string[] = [];
  let fence: string[] | null = null;
  const current = () => sections[sections.length - 1] ?? { heading: null, blocks: [] };
  const flush = () => {
    if (paragraph.length === 0) return;
    const text = cleanInline(paragraph.join(" "));
    const isItem = LIST_ITEM.test(paragraph[0] ?? "");
    if (text !== "") current().blocks.push(isItem ? `- ${text.replace(LIST_ITEM, "")}` : text);
    paragraph = [];
  };
  for (const line of body) {
    if (fence) {
      fence.push(line);
      if (line.trim().startsWith("```")) {
        current().blocks.push(fence.join("\n"));
        fence = null;
      }
      continue;
    }
    if (line.trim().startsWith("```")) {
      flush();
      fence = [line];
      continue;
    }
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      if ((heading[1] ?? "").length >= 2)
        sections.push({ heading: cleanInline(heading[2] ?? ""), blocks: [] });
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    if (LIST_ITEM.test(line)) flush();
    paragraph.push(line.replace(/^\s*>\s?/, "").trim());
  }
  flush();
  if (fence) current().blocks.push(fence.join("\n"));
  return sections.filter((s) => s.blocks.length > 0);
}

/** Groups a section's blocks into passages of a few sentences; code stays with its prose. */
function passagesOf(blocks: string[]): string[] {
  const passages: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of blocks.flatMap(splitLongBlock)) {
    const isCode = block.startsWith("```");
    if (!isCode && current.length > 0 && size + block.length > PASSAGE_CHARS) {
      passages.push(current.join("\n"));
      current = [];
      size = 0;
    }
    current.push(block);
    size += block.length;
  }
  if (current.length > 0) passages.push(current.join("\n"));
  return passages;
}

/** Parses one knowledge file; `slug` is its file name without `.md`. */
export function parseKnowledgeDocument(options: {
  slug: string;
  markdown: string;
}): ParsedKnowledgeDocument {
  const { fields, body } = splitFrontMatter(options.markdown);
  const text = (key: string) => textField(fields, key);
  const url = text("url") || `/blog/${options.slug}`;
  const title = text("title") || options.slug;
  let ordinal = 0;
  const passages = sectionsOf(body.split("\n")).flatMap((section) =>
    passagesOf(section.blocks).map((content) => ({
      ordinal: ordinal++,
      heading: section.heading,
      url: section.heading ? `${url}#${headingId(section.heading)}` : url,
      content,
    })),
  );
  return {
    title,
    summary: text("summary"),
    tags: listField(fields, "tags"),
    url,
    passages,
  };
}
