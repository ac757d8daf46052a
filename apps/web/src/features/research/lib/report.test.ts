import type { ResearchCitationsPart, ResearchSource } from "@nexus/contracts";
import { RESEARCH_BUDGETS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { budgetRatio, formatElapsed, reportFileName, reportMarkdown } from "./report.ts";

const source = (id: number, status: ResearchSource["status"]): ResearchSource => ({
  id,
  kind: "web",
  url: `https://example.com/${id}`,
  title: `Page [${id}]`,
  fileId: null,
  question: 1,
  status,
  reason: status === "failed" ? "timeout" : null,
});

const PART: ResearchCitationsPart = {
  citations: [
    {
      note: {
        id: 7,
        sourceId: 3,
        question: 1,
        text: "t",
        quote: "tides rise",
        check: "exact",
        page: null,
      },
      source: source(3, "read"),
    },
    {
      note: {
        id: 8,
        sourceId: 1,
        question: 1,
        text: "t",
        quote: "made up",
        check: "unverified",
        page: null,
      },
      source: source(1, "read"),
    },
  ],
  sources: [source(3, "read"), source(1, "read"), source(2, "failed"), source(4, "found")],
};

describe("reportMarkdown", () => {
  it("numbers citations by source, lists sources read then found, and marks unverified quotes", () => {
    const md = reportMarkdown({
      question: "Why tides?",
      report: "Tides rise [7]. Invented [8]. Not a note [99].",
      citations: PART,
      date: "1/1/2026",
    });
    expect(md).toContain("# Why tides?");
    expect(md).toContain("Tides rise [3]. Invented [1]. Not a note [99].");
    const read = md.indexOf("## Sources read");
    const found = md.indexOf("## Sources found, not read");
    expect(read).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(read);
    expect(md.slice(read, found)).toContain("1. [Page 1](https://example.com/1)");
    expect(md.slice(read, found)).toContain("3. [Page 3](https://example.com/3)");
    expect(md.slice(found)).toContain("2. [Page 2](https://example.com/2) (not read: timeout)");
    expect(md).toContain("- [3] “tides rise”\n");
    expect(md).toContain("- [1] “made up” (unverified: not found in the source)");
  });

  it("writes its own headings and notes in the person's language (French, Arabic)", async () => {
    const options = {
      question: "Pourquoi les marées ?",
      report: "Les marées montent [7]. Inventé [8].",
      citations: PART,
      date: "01/01/2026",
    };
    try {
      await activateLocale("fr");
      const fr = reportMarkdown(options);
      expect(fr).toContain("_Recherche approfondie, 01/01/2026_");
      expect(fr).toContain("## Sources lues\n");
      expect(fr).toContain("## Sources trouvées, non lues\n");
      expect(fr).toContain("2. [Page 2](https://example.com/2) (non lue : timeout)");
      expect(fr).toContain("## Citations\n\n- [3] « tides rise »\n");
      expect(fr).toContain("- [1] « made up » (non vérifiée : introuvable dans la source)");
      expect(fr).not.toMatch(/Quotes|Sources read|unverified/);
      await activateLocale("ar");
      const ar = reportMarkdown(options);
      expect(ar).toContain("## الاقتباسات\n\n- [3] «tides rise»\n");
      expect(ar).toContain("## المصادر المقروءة\n");
    } finally {
      await activateLocale("en");
    }
  });

  it("names the file after the question", () => {
    expect(reportFileName("Why do tides rise?")).toBe("why-do-tides-rise.md");
    expect(reportFileName("???")).toBe("research.md");
  });
});

describe("budgetRatio and formatElapsed", () => {
  it("is the most spent part of the budget, at most 1", () => {
    const budget = RESEARCH_BUDGETS.quick;
    expect(budgetRatio(null, budget)).toBe(0);
    expect(budgetRatio({ steps: 7, pages: 0, tokens: 0, elapsedMs: 0 }, budget)).toBe(0.5);
    expect(budgetRatio({ steps: 1, pages: 99, tokens: 0, elapsedMs: 0 }, budget)).toBe(1);
    expect(formatElapsed(125_000, "en")).toBe("2 min 05 sec");
    expect(formatElapsed(9_999, "en")).toBe("9 sec");
  });

  // French puts a no-break space between a number and its unit (U+00A0 before "min", U+202F before "s").
  it("says the elapsed time in the interface's language (Intl units)", () => {
    expect(formatElapsed(125_000, "fr")).toBe("2\u00a0min 05\u202fs");
    expect(formatElapsed(9_999, "fr")).toBe("9\u202fs");
    expect(formatElapsed(3_725_000, "fr")).toBe("62\u00a0min 05\u202fs");
    expect(formatElapsed(125_000, "ja")).toContain("分");
    expect(formatElapsed(125_000, "de")).toMatch(/^2 Min\.,? 05 Sek\.$/);
  });

  it("reads the interface's language when none is given", async () => {
    await activateLocale("fr");
    try {
      expect(formatElapsed(65_000)).toBe("1\u00a0min 05\u202fs");
    } finally {
      await activateLocale("en");
    }
  });
});
