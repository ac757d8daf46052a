import { type ExportWords, exportDate } from "@nexus/contracts";
import type { ExportDoc, ExportSource, ExportTurn } from "./export-doc.ts";

/**
 * A thread as Markdown (GFM with footnotes and `$…$` math): the title, what it is and when, each
 * question as a heading with its reply, the reply's sources as a numbered list (a link, or the
 * file name and page; the checked mark), and its cited sources as footnote definitions `[^n]`.
 * The PDF and Word exports render this text's syntax tree (export-ast.ts).
 */

/** Text as Markdown reads it literally on one line (a title, a question, a source's name). */
export function escapeInline(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_[\]<>#|~$!]/g, "\\$&");
}

function link(title: string, url: string | null): string {
  const text = escapeInline(title) || "source";
  // An address in <…> may hold spaces and parentheses; '<' '>' themselves are escaped.
  return url ? `[${text}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)` : text;
}

function sourceLine(s: ExportSource, words: ExportWords): string {
  const details = [s.detail ? escapeInline(s.detail) : null, s.mark]
    .filter((d): d is string => Boolean(d))
    .join(" · ");
  const unsupported = s.unsupported.map(
    (sentence) => `${words.unverified}: “${escapeInline(sentence)}”`,
  );
  return [link(s.title, s.url), details, ...unsupported].filter((d) => d !== "").join(" — ");
}

function turnMarkdown(turn: ExportTurn, words: ExportWords): string {
  const out: string[] = [];
  const question = escapeInline(turn.question);
  if (question !== "") out.push(`## ${question}`);
  if (turn.answer !== "") out.push(turn.answer);
  if (turn.sources.length > 0) {
    out.push(`### ${words.sources}`);
    out.push(turn.sources.map((s) => `${s.n}. ${sourceLine(s, words)}`).join("\n"));
  }
  if (turn.images.length > 0)
    out.push(
      `${words.images}: ${turn.images.map((image) => link(image.title, image.url)).join(", ")}`,
    );
  return out.join("\n\n");
}

/** A turn's cited sources, as footnote definitions (after its Sources list). */
function footnotes(turn: ExportTurn): string {
  return turn.sources
    .filter((s) => s.cited)
    .map((s) => `[^${s.n}]: ${[link(s.title, s.url), s.mark].filter(Boolean).join(" — ")}`)
    .join("\n");
}

/**
 * The export's Markdown in pieces that each parse on their own: the title and what the thread is,
 * then each turn with its own footnote definitions (so a renderer can parse one turn at a time and
 * let other requests run in between).
 */
export function exportChunks(doc: ExportDoc): string[] {
  const date = doc.updatedAt ? exportDate(doc.updatedAt, doc.language) : null;
  const about = [escapeInline(doc.about), doc.words.exportedFrom, date].filter(Boolean).join(" · ");
  const chunks = [`# ${escapeInline(doc.title) || doc.words.untitled}\n\n*${about}*`];
  for (const turn of doc.turns) {
    const text = [turnMarkdown(turn, doc.words), footnotes(turn)]
      .filter((t) => t !== "")
      .join("\n\n");
    if (text !== "") chunks.push(text);
  }
  return chunks;
}

export function exportMarkdown(doc: ExportDoc): string {
  return `${exportChunks(doc).join("\n\n")}\n`;
}
