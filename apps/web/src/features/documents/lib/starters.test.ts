import type { DocumentText, SheetView } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, t } from "@/lib/i18n/i18n.ts";
import { documentStarters, starterSubject } from "./starters.ts";

/** The starters of an empty document chat: from the file's kind and its own text, in its language. */

const SHEET: SheetView = {
  type: "sheet",
  name: "Sales",
  columns: 2,
  rows: [
    {
      r: 1,
      s: 0,
      e: 10,
      c: [
        { v: "Day", t: "s" },
        { v: "Amount", t: "s" },
      ],
    },
    ...[2, 3, 4].map((r) => ({
      r,
      s: r * 10,
      e: r * 10 + 9,
      c: [
        { v: `1960-01-0${r}`, t: "d" as const, n: 21914 + r },
        { v: String(r * 100), t: "n" as const, n: r * 100 },
      ],
    })),
  ],
};

const sheetText: DocumentText = {
  pages: [{ page: 1, label: "Sheet 1", text: "", ocr: false, passages: [], view: SHEET }],
};

const headed = (...paths: string[]): DocumentText => ({
  pages: [
    {
      page: 1,
      label: "Text",
      text: "",
      ocr: false,
      passages: paths.map((headingPath, ordinal) => ({
        ordinal,
        page: 1,
        start: 0,
        end: 1,
        headingPath,
      })),
    },
  ],
});

const starters = (kind: string, text?: DocumentText, files?: number) =>
  documentStarters({ kind, text, t, ...(files === undefined ? {} : { files }) });

afterEach(async () => {
  // The web project's files share one module graph: leave the interface in English.
  await activateLocale("en");
});

describe("document chat starters", () => {
  it("asks a CSV or spreadsheet about its figures, never about methods or conclusions", () => {
    expect(starterSubject("csv")).toBe("sheet");
    // A CSV whose text has not arrived: its kind's general questions.
    expect(starters("csv")).toEqual([
      "Summarise this",
      "What are the key figures?",
      "What trends stand out?",
      "Are there any outliers?",
    ]);
    // With its grid: its sheet and its number and date columns.
    expect(starters("csv", sheetText)).toEqual([
      "Summarise this",
      "What does the sheet “Sales” show?",
      "What period does “Day” cover?",
      "What are the highest and lowest values of “Amount”?",
    ]);
    expect(starters("xlsx", sheetText).join(" ")).not.toMatch(/method|evidence|conclude/);
  });

  it("asks a PDF, DOCX, EPUB or Markdown text about its sections, else about its points", () => {
    for (const kind of ["pdf", "docx", "epub", "md"]) {
      expect(starterSubject(kind)).toBe("text");
      expect(starters(kind)).toEqual([
        "Summarise this",
        "What are the key points?",
        "What does it conclude?",
        "What questions does it leave open?",
      ]);
    }
    // Its headings after the title, each once.
    expect(
      starters("pdf", headed("Paper", "Paper › Methods", "Paper › Results", "Paper › Results")),
    ).toEqual([
      "Summarise this",
      "What does “Methods” say?",
      "What does “Results” say?",
      "What are the key points?",
    ]);
    expect(starters("pdf").join(" ")).not.toMatch(/figures|trends|outliers/);
  });

  it("asks slides about their titles, by slide number", () => {
    const slide = {
      page: 3,
      label: "Slide 3",
      text: "",
      ocr: false,
      passages: [],
      view: {
        type: "slide" as const,
        blocks: [{ k: "title" as const, text: "Q3 results", s: 0, e: 10 }],
      },
    };
    expect(starters("pptx", { pages: [slide] })).toContain("What does slide 3, “Q3 results”, say?");
    // Slides without titles: about each slide; before their text arrives, general ones.
    expect(starters("pptx", { pages: [] })[1]).toBe("What is the main point of each slide?");
    expect(starters("pptx")[1]).toBe("What is the main message?");
  });

  it("asks a collection of several files about the files together (no one file's summary)", () => {
    expect(starterSubject("pdf", 3)).toBe("collection");
    expect(starters("pdf", headed("Paper", "Paper › Methods"), 3)).toEqual([
      "What is each file about?",
      "How do these files differ?",
      "What do these files have in common?",
      "Where do these files disagree?",
    ]);
    expect(starters("pdf", undefined, 1)[0]).toBe("Summarise this");
  });

  it("words them in the interface's language: French starters in French", async () => {
    await activateLocale("fr");
    expect(starters("csv", sheetText)).toEqual([
      "Résume ce document",
      "Que montre la feuille « Sales » ?",
      "Quelle période « Day » couvre-t-elle ?",
      "Quelles sont les valeurs les plus hautes et les plus basses de « Amount » ?",
    ]);
    expect(starters("pdf")).toEqual([
      "Résume ce document",
      "Quels sont les points clés ?",
      "Quelle est sa conclusion ?",
      "Quelles questions laisse-t-il ouvertes ?",
    ]);
    expect(starters("pdf", undefined, 2)[0]).toBe("De quoi parle chaque fichier ?");
  });
});
