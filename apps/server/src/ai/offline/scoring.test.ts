import { describe, expect, it } from "vitest";
import { bm25Scores, cosine, mmrSelect, termVector } from "./scoring.ts";

describe("bm25Scores", () => {
  it("prefers rare query terms, saturates repeats, and penalises length", () => {
    const [rare, common, both] = bm25Scores({
      query: ["limit", "search"],
      documents: [["limit", "reset"], ["search", "engine"], ["search", "limit"], ["search"]],
    });
    expect(rare).toBeGreaterThan(common ?? 0);
    expect(both).toBeGreaterThan(rare ?? 0);

    const [once, thrice] = bm25Scores({
      query: ["ollama"],
      documents: [
        ["ollama", "model"],
        ["ollama", "ollama", "ollama", "model", "x", "y"],
        ["other"],
      ],
    });
    expect(thrice).toBeGreaterThan(0);
    expect((thrice ?? 0) / (once ?? 1)).toBeLessThan(3);

    const [short, long] = bm25Scores({
      query: ["ollama"],
      documents: [["ollama", "a"], ["ollama", "a", "b", "c", "d", "e", "f", "g"], ["x"]],
    });
    expect(short).toBeGreaterThan(long ?? 0);
  });

  it("scores zero without query terms or matches, and counts a repeated query term once", () => {
    expect(bm25Scores({ query: [], documents: [["a"]] })).toEqual([0]);
    expect(bm25Scores({ query: ["z"], documents: [["a"], ["b"]] })).toEqual([0, 0]);
    expect(bm25Scores({ query: ["a", "a"], documents: [["a"], ["b"]] })).toEqual(
      bm25Scores({ query: ["a"], documents: [["a"], ["b"]] }),
    );
  });
});

describe("cosine", () => {
  it("is 1 for the same direction, 0 for disjoint or empty vectors", () => {
    expect(cosine(termVector(["a", "b"]), termVector(["b", "a", "a", "b"]))).toBeCloseTo(1);
    expect(cosine(termVector(["a"]), termVector(["b"]))).toBe(0);
    expect(cosine(termVector([]), termVector(["b"]))).toBe(0);
  });
});

describe("mmrSelect", () => {
  const candidate = (relevance: number, terms: string[]) => ({
    relevance,
    vector: termVector(terms),
  });

  it("trades relevance for novelty and never picks near-duplicates", () => {
    const picked = mmrSelect({
      candidates: [
        candidate(1, ["ollama", "install", "model"]),
        candidate(0.95, ["ollama", "install", "model"]),
        candidate(0.9, ["ollama", "install", "pull"]),
        candidate(0.6, ["llm", "base", "url"]),
      ],
      max: 3,
    });
    expect(picked[0]).toBe(0);
    expect(picked).not.toContain(1);
    expect(picked).toContain(3);
  });

  it("picks at least min, at most max, and stops early below the cut-off", () => {
    const candidates = [
      candidate(1, ["a"]),
      candidate(0.9, ["b"]),
      candidate(0.8, ["c"]),
      candidate(0.1, ["d"]),
      candidate(0.05, ["e"]),
    ];
    expect(mmrSelect({ candidates, max: 6, min: 3, cutoff: 0.5 })).toEqual([0, 1, 2]);
    expect(mmrSelect({ candidates, max: 2, min: 3 })).toEqual([0, 1]);
    expect(mmrSelect({ candidates, max: 6, min: 5, cutoff: 0.5 })).toHaveLength(5);
    expect(mmrSelect({ candidates: [], max: 3 })).toEqual([]);
  });
});
