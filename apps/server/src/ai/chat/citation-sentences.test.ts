import { describe, expect, it } from "vitest";
import {
  sentenceEndReference,
  sentenceStartReference,
} from "../../../test/support/citation-sentences.reference.ts";
import { checkCitations } from "./citation-check.ts";
import { sentenceEnd, sentenceStart } from "./citation-sentences.ts";

/**
 * The backward scans that find a cited sentence's start and end against the regular expressions
 * they replaced (the reference): seeded generated texts over the characters the rules turn on —
 * markers and broken markers, stops, closers, spaces, tabs, line ends, Unicode spaces — at every
 * offset, must give the same answer.
 */

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "a",
  "word",
  "Tides",
  "1",
  "42",
  " ",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\u00a0",
  "\u2003",
  "[",
  "]",
  "[1]",
  "[2]",
  "[12]",
  "[1, 2]",
  "[x]",
  "[1 a [2]",
  '[1: "quote"]',
  "[]",
  "[3",
  ".",
  "!",
  "?",
  "...",
  '"',
  "'",
  ")",
  ".)",
  '."',
  "?!",
  ",",
  ":",
  "-",
  "é",
  "日本",
];

function generated(r: () => number): string {
  const n = Math.floor(r() * 40);
  let out = "";
  for (let i = 0; i < n; i++) out += PIECES[Math.floor(r() * PIECES.length)];
  return out;
}

describe("a cited sentence's start and end", () => {
  it("equal the regular expressions' at every offset of 4,000 generated texts", () => {
    const r = rng(38);
    let compared = 0;
    for (let t = 0; t < 4_000; t++) {
      const text = generated(r);
      for (let i = 0; i <= text.length; i++) {
        const start = sentenceStart(text, i);
        const end = sentenceEnd(text, i);
        if (start !== sentenceStartReference(text, i) || end !== sentenceEndReference(text, i))
          expect({ text, i, start, end }).toEqual({
            text,
            i,
            start: sentenceStartReference(text, i),
            end: sentenceEndReference(text, i),
          });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  });

  it("find the sentences of prose, the offline engine's style and adjacent markers", () => {
    const text =
      'Tides rise twice a day [1][2]. The Sun pulls too. [3] "Quoted?" [1]\nNew line [2]';
    const starts = [...text.matchAll(/\[\d\]/g)].map((m) => sentenceStart(text, m.index));
    expect(starts.map((s, k) => text.slice(s, [...text.matchAll(/\[\d\]/g)][k]?.index))).toEqual([
      "Tides rise twice a day ",
      "Tides rise twice a day [1]",
      "The Sun pulls too. ",
      '"Quoted?" ',
      "New line ",
    ]);
  });

  it("a 200-marker reply is checked with every sentence found", () => {
    const text = Array.from({ length: 200 }, (_, i) => `word${i + 1} [${(i % 5) + 1}] `).join("");
    const sources = new Map([[1, "word1 and more"]]);
    const checks = checkCitations({ text, sources, count: 5 });
    expect(checks).toHaveLength(40);
    expect(checks[0]).toMatchObject({ sentence: "word1", verified: true, match: "exact" });
    expect(checks[1]?.sentence).toBe("word6");
  });
});
