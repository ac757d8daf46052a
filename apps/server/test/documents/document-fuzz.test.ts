import { unzipSync, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../../src/integrations/document-text/parse-process.ts";
import { type DocumentKind, ParseFailure } from "../../src/integrations/document-text/types.ts";
import { fixture, LIMITS } from "./fixtures.ts";

/**
 * G8: mutated documents of every format (deterministic, seeded byte mutations of corpus files)
 * through the parse process. PDFs: 40 in CI (PDF_FUZZ_COUNT overrides); every other format
 * (DOCX, XLSX, PPTX, ODT, EPUB, HTML): 10 each in CI (DOCUMENT_FUZZ_COUNT overrides); 1,000 of
 * every format with NIGHTLY=1. A container is mutated inside (one XML part, re-zipped) or, one
 * time in five, as raw bytes. Each must end parsed or as a ParseFailure: no other error (a
 * crash), no timeout (a hang), and the process pool keeps going.
 */

const NIGHTLY = !!process.env.NIGHTLY;
const PDF_COUNT = Number(process.env.PDF_FUZZ_COUNT ?? (NIGHTLY ? 1000 : 40));
const OTHER_COUNT = Number(process.env.DOCUMENT_FUZZ_COUNT ?? (NIGHTLY ? 1000 : 10));
const SEED = Number(process.env.PDF_FUZZ_SEED ?? 0x5eed);
const PARALLEL = 2;

const FORMATS: Array<{ kind: DocumentKind; bases: string[]; count: number }> = [
  {
    kind: "pdf",
    bases: ["doc_1_3_pages.pdf", "issue6010_1.pdf", "attachment.pdf", "issue9105_other.pdf"],
    count: PDF_COUNT,
  },
  {
    kind: "docx",
    bases: ["tables.docx", "footnotes.docx", "ExternalEntityInText.docx"],
    count: OTHER_COUNT,
  },
  { kind: "xlsx", bases: ["testEXCEL.xlsx", "poc-xmlbomb.xlsx"], count: OTHER_COUNT },
  { kind: "pptx", bases: ["testPPT_various.pptx", "prs-notes.pptx"], count: OTHER_COUNT },
  {
    kind: "odt",
    bases: ["testODFwithOOo3.odt", "LibreOfficeWriter_odt_1.3.odt"],
    count: OTHER_COUNT,
  },
  { kind: "epub", bases: ["testEPUB.epub"], count: OTHER_COUNT },
  {
    kind: "html",
    bases: ["testHTML_utf8.html", "testArabicMisleadingCharset.html"],
    count: OTHER_COUNT,
  },
];

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

const PDF_TOKENS = ["0", "-1", "999999999", "R", "obj", "endobj", "<<", ">>", "/Length", "stream"];
const XML_TOKENS = [
  "<",
  ">",
  "&",
  "&#0;",
  "&amp;",
  "]]>",
  "<![CDATA[",
  '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>',
  "&a;",
  "\u0000",
  "\ud800",
  "<w:t>",
  "</w:p>",
  "<p>",
  'xmlns="x"',
];

export function mutate(base: Uint8Array, rand: () => number, tokens = PDF_TOKENS): Uint8Array {
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
      const token = new TextEncoder().encode(` ${tokens[Math.floor(rand() * tokens.length)]} `);
      const start = at();
      bytes = new Uint8Array([...bytes.subarray(0, start), ...token, ...bytes.subarray(start)]);
    }
  }
  return bytes;
}

const TEXT_PART = /\.(xml|rels|opf|ncx|x?html?)$/i;

/** A container: one text part mutated and the archive rebuilt, or (1 in 5) its raw bytes. */
function mutateZip(base: Uint8Array, rand: () => number): Uint8Array {
  if (rand() < 0.2) return mutate(base, rand, XML_TOKENS);
  const files = unzipSync(base);
  const names = Object.keys(files).filter((name) => TEXT_PART.test(name));
  const name = names[Math.floor(rand() * names.length)];
  const part = name === undefined ? undefined : files[name];
  if (name !== undefined && part) files[name] = new Uint8Array(mutate(part, rand, XML_TOKENS));
  return zipSync(files, { level: 1 });
}

function mutated(kind: DocumentKind, base: Uint8Array, rand: () => number): Uint8Array {
  if (kind === "pdf") return mutate(base, rand);
  if (kind === "html") return mutate(base, rand, XML_TOKENS);
  return mutateZip(base, rand);
}

describe(`G8: mutated documents of every format through the parse process`, () => {
  for (const format of FORMATS) {
    it(`${format.count} ${format.kind.toUpperCase()}: each ends parsed or as a ParseFailure (0 crashes, 0 hangs)`, async () => {
      const bases = format.bases.map(fixture);
      const rand = random(SEED + format.kind.length * 7919 + format.kind.charCodeAt(0));
      const cases = Array.from({ length: format.count }, (_, i) => ({
        i,
        bytes: mutated(format.kind, bases[i % bases.length] ?? new Uint8Array(), rand),
        // PDFs: half with the password of the encrypted base, so decryption is fuzzed too.
        password: format.kind === "pdf" && i % 2 === 0 ? "abc" : undefined,
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
              kind: format.kind,
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
      expect(outcomes.parsed + outcomes.failed).toBe(format.count);
      // The mutations are not all fatal: some still parse (with this seed, even in CI's count).
      expect(outcomes.parsed).toBeGreaterThan(0);
    }, 1_800_000);
  }
});
