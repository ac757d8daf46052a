import { describe, expect, it } from "vitest";
import {
  type ItemMarks,
  type LayerItem,
  layerText,
  pageMarks,
  renderItem,
} from "./pdf-highlight.ts";

const item = (str: string, hasEOL = false): LayerItem => ({ str, dir: "ltr", hasEOL });
// Two lines, a marked-content item between them (pdf.js text layers include those).
const ITEMS: LayerItem[] = [
  item("Trace trees are "),
  item("recorded at run time.", true),
  { type: "beginMarkedContent" },
  item("Loops <b>hot</b> & cold."),
];

function markedText(items: LayerItem[], marks: ItemMarks) {
  return [...marks.entries()]
    .map(([i, ms]) =>
      ms.map(([a, b]) => ((items[i] as { str: string }).str ?? "").slice(a, b)).join(""),
    )
    .join("|");
}

describe("pdf highlights", () => {
  it("builds the server's page text and keeps text-layer indices past marked content", () => {
    const { text, places } = layerText(ITEMS);
    expect(text).toBe("Trace trees are recorded at run time.\nLoops <b>hot</b> & cold.");
    expect(places.get(3)).toMatchObject({ start: 38 });
    expect(places.has(2)).toBe(false);
  });

  it("marks exactly the characters of a range, across items", () => {
    const text = layerText(ITEMS).text;
    const start = text.indexOf("are recorded");
    const marks = pageMarks(ITEMS, [{ page: 1, start, end: start + 12 }], "are recorded", 1);
    expect(markedText(ITEMS, marks)).toBe("are |recorded");
  });

  it("marks only the quote's words inside a whole passage cited with its verified quote", () => {
    const text = layerText(ITEMS).text;
    const marks = pageMarks(ITEMS, [{ page: 1, start: 0, end: text.length }], "recorded at run", 1);
    expect(markedText(ITEMS, marks)).toBe("recorded at run");
  });

  it("finds the quote itself when the range reads otherwise, and marks nothing when it is absent", () => {
    const marks = pageMarks(ITEMS, [{ page: 1, start: 0, end: 5 }], "run time. Loops", 1);
    expect(markedText(ITEMS, marks)).toBe("run time.|Loops");
    expect(pageMarks(ITEMS, [{ page: 1, start: 0, end: 5 }], "never written here", 1).size).toBe(0);
    expect(pageMarks(ITEMS, [{ page: 2, start: 0, end: 5 }], null, 1).size).toBe(0);
  });

  it("draws the current range (find's match gone to) in its own class, the others plainly", () => {
    const text = layerText(ITEMS).text;
    const first = { page: 1, start: text.indexOf("are"), end: text.indexOf("are") + 3 };
    const second = { page: 1, start: text.indexOf("run"), end: text.indexOf("run") + 3 };
    const marks = pageMarks(ITEMS, [first, second], null, 1, undefined, second);
    const drawn = [...marks.entries()].map(([i, ms]) =>
      renderItem((ITEMS[i] as { str: string }).str, ms),
    );
    expect(drawn.join("")).toContain('<mark class="doc-highlight">are</mark>');
    expect(drawn.join("")).toContain(
      '<mark class="doc-highlight doc-highlight-current">run</mark>',
    );
  });

  it("builds the text from the raw items when pdf.js normalised the layer's own differently", () => {
    // ArabicCIDTrueType.pdf: pdf.js's normalisation turns the ligature ﳋ into "خل", NFKC into
    // "لخ"; the server reads the raw glyphs (disableNormalization) and applies NFKC.
    const rtl = (str: string, hasEOL = false): LayerItem => ({ str, dir: "rtl", hasEOL });
    const raw = [rtl("اﻟﻌﺮﺑﻴﺔ"), item(" "), rtl("اﳋﻄﻮط"), item(" "), rtl("اﻧﻮاع", true)];
    const shown = [rtl("اﻟﻌﺮﺑﻴﺔ"), item(" "), rtl("اخلﻄﻮط"), item(" "), rtl("اﻧﻮاع", true)];
    const server = layerText(raw).text;
    expect(server).toBe("انواع الخطوط العربية\n");
    // Without the raw items the layer's text reads otherwise, and the quote is not found.
    expect(layerText(shown).text).not.toBe(server);
    const quote = "الخطوط العربية";
    const start = server.indexOf(quote);
    const range = [{ page: 1, start, end: start + quote.length }];
    expect(pageMarks(shown, range, quote, 1).size).toBe(0);
    const marks = pageMarks(shown, range, quote, 1, raw);
    expect([...marks.keys()].sort()).toEqual([0, 1, 2]);
  });

  it("escapes what the text layer renders, marks included", () => {
    expect(renderItem("Loops <b>hot</b> & cold.", [[6, 16]])).toBe(
      'Loops <mark class="doc-highlight">&lt;b&gt;hot&lt;/b&gt;</mark> &amp; cold.',
    );
    expect(renderItem("<img src=x onerror=alert(1)>", undefined)).toBe(
      "&lt;img src=x onerror=alert(1)&gt;",
    );
  });
});
