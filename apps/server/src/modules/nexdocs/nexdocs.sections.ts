import { createHash } from "node:crypto";
import type { NexdocsSection } from "@nexus/contracts";
import type { Embedder } from "../../ai/embeddings.ts";
import { bm25Scores } from "../../ai/offline/scoring.ts";
import {
  QUERY_EMBEDDING_TIMEOUT_MS,
  reciprocalRankFusion,
} from "../../integrations/search/files-corpus.ts";
import type { Logger } from "../../lib/logger.ts";
import { terms } from "../../lib/text-tokens.ts";

/**
 * The side chat's retrieval (issue 40 scope 4): a document may be long, so a question is answered
 * from the sections (contracts' nexdocsSectionsOf: split at headings and into windows) that match
 * it, not from the whole text — by BM25 (the offline engine's ranking), fused by RRF (k = 60, as
 * the files corpus does) with the ranking by meaning when EMBEDDING_MODEL is set.
 */

/** Sections a question is answered from at most. */
export const SECTIONS_PER_QUESTION = 6;

/** `count` items spread evenly over the list, first and last included. */
function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / Math.max(count - 1, 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)] as T);
}

/** The sections by BM25 over their heading and text, best first (those sharing no term left out). */
function lexicalRanking(sections: readonly NexdocsSection[], question: string): NexdocsSection[] {
  const scores = bm25Scores({
    query: terms(question),
    documents: sections.map((s) => terms(`${s.heading ?? ""}\n${s.text}`)),
  });
  return sections
    .map((section, i) => ({ section, score: scores[i] ?? 0 }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((r) => r.section);
}

/**
 * The sections a question is answered from, best first: by BM25 over their heading and text
 * (lib/text-tokens' stemmed terms); when none holds a word of the question ("summarise this"),
 * sections spread evenly over the whole document.
 */
export function rankSections(
  sections: readonly NexdocsSection[],
  question: string,
  max = SECTIONS_PER_QUESTION,
): NexdocsSection[] {
  if (sections.length <= max) return [...sections];
  const ranked = lexicalRanking(sections, question).slice(0, max);
  return ranked.length > 0 ? ranked : evenly(sections, max);
}

/** Sections embedded for one question at most (the rest are ranked by BM25 alone). */
export const MAX_EMBEDDED_SECTIONS = 256;
/** Section vectors kept in this process (a cache that may be lost), by model and text. */
const VECTORS = new Map<string, Float32Array>();
const MAX_VECTORS = 20_000;

function similarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The sections by meaning, best first: the question's vector against each section's. */
async function semanticRanking(options: {
  embedder: Embedder;
  sections: readonly NexdocsSection[];
  question: string;
  signal: AbortSignal;
}): Promise<NexdocsSection[]> {
  const { embedder, question, signal } = options;
  const sections = options.sections.slice(0, MAX_EMBEDDED_SECTIONS);
  const keyOf = (text: string) =>
    `${embedder.model}:${createHash("sha256").update(text).digest("base64url")}`;
  const keys = sections.map((s) => keyOf(`${s.heading ?? ""}\n${s.text}`));
  const missing = sections.filter((_, i) => !VECTORS.has(keys[i] ?? ""));
  const vectors = await embedder.embed(
    [question, ...missing.map((s) => `${s.heading ?? ""}\n${s.text}`)],
    { signal, timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS },
  );
  const [asked, ...made] = vectors;
  if (!asked) return [];
  if (VECTORS.size + made.length > MAX_VECTORS) VECTORS.clear();
  for (const [i, section] of missing.entries()) {
    const vector = made[i];
    if (vector) VECTORS.set(keys[sections.indexOf(section)] ?? "", vector);
  }
  return sections
    .map((section, i) => {
      const vector = VECTORS.get(keys[i] ?? "");
      return { section, score: vector ? similarity(asked, vector) : 0 };
    })
    .sort((a, b) => b.score - a.score)
    .map((r) => r.section);
}

/**
 * The sections a question is answered from with the embedding model too: BM25's ranking and the
 * ranking by meaning fused by RRF. If embedding fails or takes too long, BM25's alone, with a
 * warning in the log (as the files corpus does).
 */
export async function rankSectionsHybrid(options: {
  sections: readonly NexdocsSection[];
  question: string;
  embedder: Embedder | null;
  logger: Logger;
  signal: AbortSignal;
  max?: number;
}): Promise<NexdocsSection[]> {
  const { sections, question, embedder } = options;
  const max = options.max ?? SECTIONS_PER_QUESTION;
  if (!embedder || sections.length <= max) return rankSections(sections, question, max);
  let byMeaning: NexdocsSection[] = [];
  try {
    byMeaning = await semanticRanking({ embedder, sections, question, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw error;
    options.logger.warn(
      { err: error, model: embedder.model },
      "NexDocs side chat: ranking by meaning failed, sections ranked by their words only",
    );
    return rankSections(sections, question, max);
  }
  const fused = reciprocalRankFusion([
    lexicalRanking(sections, question).map((s) => String(s.index)),
    byMeaning.map((s) => String(s.index)),
  ]);
  return fused
    .slice(0, max)
    .map((key) => sections[Number(key)])
    .filter((s): s is NexdocsSection => s !== undefined);
}
