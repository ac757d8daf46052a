import { pageTextFromItems } from "@nexus/contracts/pdf-page-text";
import { describe, expect, it } from "vitest";
import { cleanDocument, cleanText } from "./clean-text.ts";

/** Issue 23: NULs and lone surrogates dropped, every offset still pointing at the same text. */

describe("cleanText", () => {
  it("drops U+0000 and lone surrogates, keeps surrogate pairs", () => {
    expect(cleanText("a\u0000b\ud800c\udc00d \ud83d\ude00 e")).toBe("abcd \ud83d\ude00 e");
    const clean = "nothing to drop";
    expect(cleanText(clean)).toBe(clean);
  });
});

describe("offsets after cleaning", () => {
  it("a PDF page's item ranges cover each item's cleaned text", () => {
    const items = [
      { str: "Tidal\u0000 ", dir: "ltr", hasEOL: false },
      { str: "gau\ud800ges", dir: "ltr", hasEOL: true },
      { str: "\u0000\u0000Fresnel", dir: "ltr", hasEOL: false },
    ];
    const page = pageTextFromItems(items);
    expect(page.text).toBe("Tidal gauges\nFresnel");
    expect(page.items.map(([start, end]) => page.text.slice(start, end))).toEqual([
      "Tidal ",
      "gauges",
      "Fresnel",
    ]);
  });

  it("cleanDocument moves heading offsets and item ranges with the dropped characters", () => {
    const text = "\u0000Intro\u0000\n\nHar\ud800bour\u0000 lights";
    const document = cleanDocument({
      kind: "pdf",
      title: "\u0000Log\u0000",
      warnings: ["ok\u0000"],
      pages: [
        {
          number: 1,
          text,
          ocr: false,
          headings: [
            { level: 1, text: "\u0000Intro\u0000", offset: 0 },
            { level: 2, text: "Har\ud800bour", offset: text.indexOf("Har") },
          ],
          items: [
            [0, 7],
            [9, 25],
          ],
        },
      ],
    });
    const page = document.pages[0];
    expect(page?.text).toBe("Intro\n\nHarbour lights");
    expect(page?.headings).toEqual([
      { level: 1, text: "Intro", offset: 0 },
      { level: 2, text: "Harbour", offset: 7 },
    ]);
    expect(page?.items?.map(([s, e]) => page.text.slice(s, e))).toEqual([
      "Intro",
      "Harbour lights",
    ]);
    expect(document.title).toBe("Log");
    expect(document.warnings).toEqual(["ok"]);
  });
});
