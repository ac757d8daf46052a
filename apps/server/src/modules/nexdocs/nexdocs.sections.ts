import type { NexdocsSection } from "@nexus/contracts";
import { bm25Scores } from "../../ai/offline/scoring.ts";
import { terms } from "../../lib/text-tokens.ts";

/**
 * The side chat's retrieval (issue 40 scope 4): a document may be long, so a question is answered
 * from the sections (contracts' nexdocsSectionsOf: split at headings and into windows) that match
 * it, not from the whole text.
 */

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
/** Sections a question is answered from at most. */
export const SECTIONS_PER_QUESTION = 6;

export function rankSections(
  sections: readonly NexdocsSection[],
  question: string,
  max = SECTIONS_PER_QUESTION,
): NexdocsSection[] {
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
