import { EXPORT_LABELS } from "@nexus/contracts";
import type { ExportDoc, ExportSource, ExportTurn } from "./export-doc.ts";

/**
 * A thread as Markdown (GFM with footnotes and `$…$` math): the title, what it is and when, each
 * question as a heading with its reply, the reply's sources as a numbered list (a link, or the
 * file name and page; the checked mark), and the cited sources as footnote definitions `[^n]`.
 * The PDF and Word exports render this text's syntax tree (export-ast.ts).
 */

/** Text as Markdown reads it literally on one line (a title, a question, a source's name). */
export function escapeInline(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/[\\`*_[\]<>#|~$!]/g, "\\$&");
}

function link(title: string, url: string | null): string {
  const text = escapeInline(title) || "source";
  // An address in <…> may hold spaces and parentheses; '<' '>' themselves are escaped.
  return url ? `[${text}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)` : text;
}

function sourceLine(s: ExportSource): string {
  const details = [s.detail ? escapeInline(s.detail) : null, s.mark]
    .filter((d): d is string => Boolean(d))
    .join(" · ");
  const unsupported = s.unsupported.map(
    (sentence) => `${EXPORT_LABELS.unverified}: “${escapeInline(sentence)}”`,
  );
  return [link(s.title, s.url), details, ...unsupported].filter((d) => d !== "").join(" — ");
}

function turnMarkdown(turn: ExportTurn): string {
  const out: string[] = [];
  const question = escapeInline(turn.question);
  if (question !== "") out.push(`## ${question}`);
  if (turn.answer !== "") out.push(turn.answer);
  if (turn.sources.length > 0) {
    out.push(`### ${EXPORT_LABELS.sources}`);
    out.push(turn.sources.map((s) => `${s.n}. ${sourceLine(s)}`).join("\n"));
  }
  if (turn.images.length > 0)
    out.push(
      `${EXPORT_LABELS.images}: ${turn.images.map((image) => link(image.title, image.url)).join(", ")}`,
    );
  return out.join("\n\n");
}

/** The cited sources, as footnote definitions (one per number, at the end). */
function footnotes(turns: readonly ExportTurn[]): string {
  return turns
    .flatMap((t) => t.sources.filter((s) => s.cited))
    .map((s) => `[^${s.n}]: ${[link(s.title, s.url), s.mark].filter(Boolean).join(" — ")}`)
    .join("\n");
}

function dateOf(iso: string | null): string | null {
  return iso ? iso.slice(0, 10) : null;
}

export function exportMarkdown(doc: ExportDoc): string {
  const about = [escapeInline(doc.about), EXPORT_LABELS.exportedFrom, dateOf(doc.updatedAt)]
    .filter(Boolean)
    .join(" · ");
  const parts = [`# ${escapeInline(doc.title) || "Thread"}`, `*${about}*`];
  for (const turn of doc.turns) {
    const text = turnMarkdown(turn);
    if (text !== "") parts.push(text);
  }
  const notes = footnotes(doc.turns);
  if (notes !== "") parts.push(notes);
  return `${parts.join("\n\n")}\n`;
}
