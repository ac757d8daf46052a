import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { detectKind } from "../../src/integrations/document-text/detect.ts";
import { OCR_WARNING } from "../../src/integrations/document-text/ocr.ts";
import { parseDocument } from "../../src/integrations/document-text/parse.ts";
import { ParseFailure } from "../../src/integrations/document-text/types.ts";
import { DOCUMENTS, EXPECTED, fixture, LIMITS } from "./fixtures.ts";

/**
 * Every file of the shared corpus: detected from its bytes, then parsed to the text its MANIFEST
 * names, or refused with the right failure code and a message for the person.
 */

describe("the document corpus", () => {
  it("lists every corpus file", () => {
    const files = fs.readdirSync(DOCUMENTS).filter((f) => f !== "MANIFEST.md");
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${"fails" in expected ? `fails as ${expected.fails}` : "is read"}`, async () => {
      const bytes = fixture(name);
      const kind = detectKind(bytes, name);
      expect(kind).toBe(expected.kind);
      if (kind === null) {
        expect("fails" in expected && expected.fails).toBe("unsupported");
        return;
      }
      const run = parseDocument({
        kind,
        bytes,
        name,
        limits: LIMITS,
        password: expected.password,
        ocr: "ocr" in expected && expected.ocr === true,
      });
      if ("fails" in expected) {
        const failure = await run.then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(ParseFailure);
        expect((failure as ParseFailure).code).toBe(expected.fails);
        expect((failure as ParseFailure).message).toMatch(/^[A-Z][^\n]{10,}$/);
        return;
      }
      const document = await run;
      expect(document.kind).toBe(kind);
      if (expected.pages !== undefined) expect(document.pages).toHaveLength(expected.pages);
      const text = document.pages.map((p) => p.text).join("\n");
      for (const phrase of expected.contains) expect(text).toContain(phrase);
      expect(document.pages.map((p) => p.number)).toEqual(document.pages.map((_, i) => i + 1));
      if (expected.ocr) {
        expect(document.pages.every((p) => p.ocr)).toBe(true);
        expect(document.warnings).toContain(OCR_WARNING);
      } else expect(document.pages.some((p) => p.ocr)).toBe(false);
    });
  }
});

describe("PDF page texts", () => {
  it("keep an item-offset table: each item's range lies in the page text, in order", async () => {
    const document = await parseDocument({
      kind: "pdf",
      bytes: fixture("tracemonkey.pdf"),
      limits: LIMITS,
    });
    const page = document.pages[0];
    const items = page?.items ?? [];
    expect(items.length).toBeGreaterThan(50);
    let end = 0;
    for (const [start, stop] of items) {
      expect(start).toBeGreaterThanOrEqual(end);
      expect(stop).toBeGreaterThanOrEqual(start);
      end = stop;
    }
    expect(end).toBeLessThanOrEqual(page?.text.length ?? 0);
    const first = items[0] ?? [0, 0];
    expect(page?.text.slice(first[0], first[1])).toBe(
      "Trace-based Just-in-Time Type Specialization for Dynamic",
    );
  });

  it("keep right-to-left lines in reading order and mark the document RTL", async () => {
    const document = await parseDocument({
      kind: "pdf",
      bytes: fixture("ArabicCIDTrueType.pdf"),
      limits: LIMITS,
    });
    expect(document.rtl).toBe(true);
    const page = document.pages[0];
    // Presentation forms (U+FExx) became plain letters; words in logical order.
    expect(page?.text).not.toMatch(/[\ufe70-\ufeff]/);
    expect(page?.text.split("\n")[0]).toBe("انواع الخطوط العربية");
    // Each item's range still points at its word: the first line's items cover its words.
    const words = (page?.items ?? []).map(([a, b]) => page?.text.slice(a, b));
    expect(words).toEqual(expect.arrayContaining(["انواع", "الخطوط", "العربية"]));
  });

  it("a wrong password is told apart from a missing one", async () => {
    const run = (password?: string) =>
      parseDocument({ kind: "pdf", bytes: fixture("issue6010_1.pdf"), limits: LIMITS, password });
    await expect(run()).rejects.toMatchObject({
      code: "encrypted",
      message: "This PDF is password-protected",
    });
    await expect(run("wrong")).rejects.toMatchObject({ code: "wrong_password" });
    await expect(run("abc")).resolves.toMatchObject({ pages: [{ text: "Issue 6010" }] });
  });
});

describe("headings and structure", () => {
  it("Markdown keeps its headings with levels and offsets", async () => {
    const md = "# Guide\n\nIntro text.\n\n## Install\n\nRun it.\n\nUsage\n-----\n\nDone.";
    const document = await parseDocument({
      kind: "markdown",
      bytes: new TextEncoder().encode(md),
      limits: LIMITS,
    });
    const page = document.pages[0];
    expect(page?.headings?.map((h) => [h.level, h.text])).toEqual([
      [1, "Guide"],
      [2, "Install"],
      [2, "Usage"],
    ]);
    for (const h of page?.headings ?? [])
      expect(page?.text.slice(h.offset, h.offset + h.text.length)).toBe(h.text);
  });

  it("CSV rows stay rows, a quoted line break stays inside its row", async () => {
    const document = await parseDocument({
      kind: "csv",
      bytes: fixture("quotes_and_newlines.csv"),
      limits: LIMITS,
    });
    expect(document.pages[0]?.text.split("\n")).toEqual(["a | b", '1 | ha "ha" ha', "3 | 4"]);
  });

  it("HTML scripts are dropped, never run, and the title is kept", async () => {
    const script = await parseDocument({
      kind: "html",
      bytes: fixture("testHTML_script_in_body.html"),
      limits: LIMITS,
    });
    expect(script.pages[0]?.text).not.toContain("cool script");
    const utf8 = await parseDocument({
      kind: "html",
      bytes: fixture("testHTML_utf8.html"),
      limits: LIMITS,
    });
    expect(utf8.title).toBe("Title : Tilte with UTF-8 chars öäå");
  });

  it("an empty file is empty; text over the limit is too large", async () => {
    await expect(
      parseDocument({ kind: "text", bytes: new Uint8Array(0), limits: LIMITS }),
    ).rejects.toMatchObject({ code: "empty" });
    await expect(
      parseDocument({
        kind: "text",
        bytes: new TextEncoder().encode("word ".repeat(1000)),
        limits: { ...LIMITS, maxChars: 100 },
      }),
    ).rejects.toMatchObject({ code: "too_large" });
    await expect(
      parseDocument({
        kind: "pdf",
        bytes: fixture("pdkids.pdf"),
        limits: { ...LIMITS, maxPages: 10 },
      }),
    ).rejects.toMatchObject({ code: "too_large" });
  });
});
