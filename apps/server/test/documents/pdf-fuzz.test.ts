import { afterAll, describe, expect, it } from "vitest";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../../src/integrations/document-text/parse-process.ts";
import { ParseFailure } from "../../src/integrations/document-text/types.ts";
import { fixture, LIMITS } from "./fixtures.ts";

/**
 * G8: mutated PDFs (deterministic, seeded byte mutations of a few corpus PDFs) through the parse
 * process: 100 in CI, 1,000 with NIGHTLY=1 (PDF_FUZZ_COUNT overrides). Each must end parsed or as
 * a ParseFailure: no other error (a crash), no timeout (a hang), and the process pool keeps going.
 */

const COUNT = Number(process.env.PDF_FUZZ_COUNT ?? (process.env.NIGHTLY ? 1000 : 100));
const SEED = Number(process.env.PDF_FUZZ_SEED ?? 0x5eed);
const BASES = ["doc_1_3_pages.pdf", "issue6010_1.pdf", "attachment.pdf", "issue9105_other.pdf"];
const PARALLEL = 2;

afterAll(closeIdleParseProcesses);

/** mulberry32: small, fast, deterministic. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTERESTING = ["0", "-1", "999999999", "R", "obj", "endobj", "<<", ">>", "/Length", "stream"];

export function mutate(base: Uint8Array, rand: () => number): Uint8Array {
  let bytes = base.slice();
  const at = () => Math.floor(rand() * bytes.length);
  const rounds = 1 + Math.floor(rand() * 8);
  for (let r = 0; r < rounds; r++) {
    const op = Math.floor(rand() * 6);
    if (op === 0) {
      for (let i = 0, n = 1 + Math.floor(rand() * 16); i < n; i++)
        bytes[at()] = Math.floor(rand() * 256);
    } else if (op === 1) {
      const start = at();
      const end = Math.min(bytes.length, start + Math.floor(rand() * 512));
      for (let i = start; i < end; i++) bytes[i] = Math.floor(rand() * 256);
    } else if (op === 2) {
      bytes = bytes.subarray(0, Math.max(16, at())).slice();
    } else if (op === 3) {
      const start = at();
      const cut = Math.floor(rand() * 256);
      bytes = new Uint8Array([...bytes.subarray(0, start), ...bytes.subarray(start + cut)]);
    } else if (op === 4) {
      const start = at();
      const chunk = bytes.subarray(at(), at() + Math.floor(rand() * 1024));
      bytes = new Uint8Array([...bytes.subarray(0, start), ...chunk, ...bytes.subarray(start)]);
    } else {
      const token = new TextEncoder().encode(
        ` ${INTERESTING[Math.floor(rand() * INTERESTING.length)]} `,
      );
      const start = at();
      bytes = new Uint8Array([...bytes.subarray(0, start), ...token, ...bytes.subarray(start)]);
    }
  }
  return bytes;
}

describe(`G8: ${COUNT} mutated PDFs through the parse process`, () => {
  it("every one ends parsed or as a ParseFailure: 0 crashes, 0 hangs", async () => {
    const bases = BASES.map(fixture);
    const rand = random(SEED);
    const cases = Array.from({ length: COUNT }, (_, i) => ({
      i,
      bytes: mutate(bases[i % bases.length] ?? new Uint8Array(), rand),
      // Half with the password of the encrypted base, so decryption is fuzzed too.
      password: i % 2 === 0 ? "abc" : undefined,
    }));
    const outcomes = { parsed: 0, failed: 0 };
    const problems: string[] = [];
    let next = 0;
    const lane = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        if (!c) break;
        try {
          await parseInProcess({
            kind: "pdf",
            bytes: c.bytes,
            password: c.password,
            limits: LIMITS,
            ocr: false,
            timeoutMs: 60_000,
          });
          outcomes.parsed++;
        } catch (error) {
          if (error instanceof ParseFailure && error.code !== "timeout") outcomes.failed++;
          else problems.push(`case ${c.i}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    expect(problems).toEqual([]);
    expect(outcomes.parsed + outcomes.failed).toBe(COUNT);
    // The mutations are not all fatal: some still parse.
    expect(outcomes.parsed).toBeGreaterThan(0);
  }, 900_000);
});
