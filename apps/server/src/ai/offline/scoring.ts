/**
 * Ranking primitives of the offline engine: BM25 of short texts against a query, term-vector
 * cosine similarity, and maximal marginal relevance (MMR) selection.
 */

export interface Bm25Options {
  /** Term-frequency saturation (default 1.2). */
  k1?: number;
  /** Length normalisation (default 0.75). */
  b?: number;
}

/**
 * BM25 score of each document (a list of terms) for the query terms, with IDF taken over these
 * documents: log(1 + (N − df + 0.5) / (df + 0.5)). Repeated query terms count once.
 */
export function bm25Scores(options: {
  query: readonly string[];
  documents: ReadonlyArray<readonly string[]>;
  k1?: number;
  b?: number;
}): number[] {
  const { documents } = options;
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const queryTerms = [...new Set(options.query)];
  const n = documents.length;
  if (n === 0 || queryTerms.length === 0) return documents.map(() => 0);
  const avgLength = documents.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const frequencies = documents.map(termVector);
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = frequencies.filter((f) => f.has(term)).length;
    idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return frequencies.map((tf, i) => {
    const length = documents[i]?.length ?? 0;
    let score = 0;
    for (const term of queryTerms) {
      const f = tf.get(term) ?? 0;
      if (f === 0) continue;
      score +=
        ((idf.get(term) ?? 0) * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * length) / avgLength));
    }
    return score;
  });
}

/** Term → count. */
export function termVector(terms: readonly string[]): Map<string, number> {
  const vector = new Map<string, number>();
  for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
  return vector;
}

/** Cosine similarity of two term vectors (0 when either is empty). */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, value] of a) {
    normA += value * value;
    dot += value * (b.get(term) ?? 0);
  }
  for (const value of b.values()) normB += value * value;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

export interface MmrCandidate {
  relevance: number;
  vector: ReadonlyMap<string, number>;
}

/**
 * Maximal marginal relevance: repeatedly picks the candidate maximising
 * λ·relevance − (1 − λ)·(highest similarity to an already picked one). Returns candidate indices
 * in the order picked. After `min` picks it stops once the best remaining marginal score falls
 * below `cutoff` × the first pick's relevance; candidates at least `duplicate`-similar to a pick
 * are never picked.
 */
export function mmrSelect(options: {
  candidates: readonly MmrCandidate[];
  max: number;
  min?: number;
  lambda?: number;
  cutoff?: number;
  duplicate?: number;
}): number[] {
  const { candidates, max } = options;
  const lambda = options.lambda ?? 0.7;
  const min = Math.min(options.min ?? 0, max);
  const cutoff = options.cutoff ?? 0;
  const duplicate = options.duplicate ?? 0.9;
  const picked: number[] = [];
  const maxSimilarity = candidates.map(() => 0);
  let first = 0;
  while (picked.length < max) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    candidates.forEach((candidate, i) => {
      const similarity = maxSimilarity[i] ?? 0;
      if (picked.includes(i) || similarity >= duplicate) return;
      const score = lambda * candidate.relevance - (1 - lambda) * similarity;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    const chosen = candidates[best];
    if (!chosen) break;
    if (picked.length === 0) first = chosen.relevance;
    else if (picked.length >= min && bestScore < cutoff * lambda * first) break;
    picked.push(best);
    candidates.forEach((candidate, i) => {
      const similarity = cosine(candidate.vector, chosen.vector);
      if (similarity > (maxSimilarity[i] ?? 0)) maxSimilarity[i] = similarity;
    });
  }
  return picked;
}
