import { describe, expect, it } from "vitest";
import { alphanumericId, randomId } from "./ids.ts";

describe("alphanumericId", () => {
  it("is 22 characters of [A-Za-z0-9] by default, another length on request", () => {
    for (let i = 0; i < 200; i++) expect(alphanumericId()).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(alphanumericId(40)).toMatch(/^[A-Za-z0-9]{40}$/);
  });

  it("uses every character about equally (no modulo bias) and does not repeat", () => {
    const counts = new Map<string, number>();
    const ids = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const id = alphanumericId();
      ids.add(id);
      for (const ch of id) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(ids.size).toBe(3000);
    expect(counts.size).toBe(62);
    const expected = (3000 * 22) / 62; // ≈ 1065 each; a biased alphabet skews the first 8 by ~3%
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.2);
  });
});

describe("randomId", () => {
  it("is base64url of 16 bytes", () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
