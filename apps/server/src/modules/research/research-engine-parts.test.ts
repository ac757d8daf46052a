import { describe, expect, it } from "vitest";
import { cleanQuestion, listItems, repairJson, withoutUrls } from "./research.llm.ts";
import { bestSentences, checkQuote, notesFromText } from "./research.notes.ts";
import { distinctQuestions } from "./research.plan.ts";
import { citedIds, cleanLine } from "./research.report.ts";
import { fileIdOf, pageOf } from "./research.sources.ts";

describe("research engine parts", () => {
  it("repairs a weak model's JSON: fences, trailing commas, smart quotes, a cut-off end", () => {
    expect(JSON.parse(repairJson('```json\n{"a": [1, 2,],}\n```') ?? "")).toEqual({ a: [1, 2] });
    expect(JSON.parse(repairJson('Here: {\u201ca\u201d: "x"} done') ?? "")).toEqual({ a: "x" });
    expect(JSON.parse(repairJson('{"notes": [{"sourceId": 1, "text": "cut') ?? "")).toEqual({
      notes: [{ sourceId: 1, text: "cut" }],
    });
    expect(repairJson("no json here")).toBeNull();
  });

  it("reads lists and notes from plain text", () => {
    expect(listItems("Intro\n1. One?\n2) Two?\n- Three\nnot an item")).toEqual([
      "One?",
      "Two?",
      "Three",
    ]);
    expect(
      notesFromText('- [2] A finding | "the words"\n[x] bad\n3. [4] Other: "more words"'),
    ).toEqual({
      notes: [
        { sourceId: 2, text: "A finding", quote: "the words" },
        { sourceId: 4, text: "Other", quote: "more words" },
      ],
    });
    expect(notesFromText("nothing")).toBeNull();
  });

  it("takes addresses out of what a model writes", () => {
    expect(
      withoutUrls("See [the page](https://evil.example/x) and http://a.example/b?c=d now"),
    ).toBe("See the page and now");
    expect(cleanQuestion("1. Visit https://evil.example/steal   then  report", 300)).toBe(
      "Visit then report",
    );
  });

  it("keeps distinct questions only, however they are worded", () => {
    expect(
      distinctQuestions(
        [
          "Recycling rates of solar panels?",
          "solar panels: recycling rates",
          "Who pays for recycling?",
          "who pays for recycling",
          "?!",
        ],
        ["How are solar panels recycled?"],
        5,
      ),
    ).toEqual(["Recycling rates of solar panels?", "Who pays for recycling?"]);
    expect(distinctQuestions(["a one", "b two", "c three"], [], 2)).toHaveLength(2);
  });

  it("removes markers naming no note and keeps the others", () => {
    const notes = new Set([1, 2, 3]);
    expect(cleanLine("Glass is recovered [1] and silver [2, 9] but not gold [7].", notes)).toBe(
      "Glass is recovered [1] and silver [2] but not gold.",
    );
    expect(citedIds("A [2] b [1, 2] c [3]")).toEqual([2, 1, 3]);
  });

  it("checks quotes and picks the sentences that answer", () => {
    const text =
      "Every solar panel holds a sheet of glass over its cells. About 90% of the glass is recovered.\nRecovering the silver from the cells is still costly.";
    expect(checkQuote("About 90% of the glass is recovered.", text)).toBe("exact");
    expect(checkQuote("about 90%  of the GLASS is recovered.", text)).toBe("normalised");
    expect(checkQuote("Gold is recovered on the moon by robots.", text)).toBe("unverified");
    expect(bestSentences("how much glass is recovered", text, 1)).toEqual([
      "About 90% of the glass is recovered.",
    ]);
    expect(
      bestSentences("how much glass", text, 2, new Set(["About 90% of the glass is recovered."])),
    ).toEqual(["Every solar panel holds a sheet of glass over its cells."]);
  });

  it("knows a file source's file and page from its viewer link", () => {
    expect(fileIdOf("/app/document-chat/abc-123?chunk=2&page=4")).toBe("abc-123");
    expect(pageOf("/app/document-chat/abc-123?chunk=2&page=4")).toBe(4);
    expect(fileIdOf("https://site.example/app/document-chat/x")).toBeNull();
  });
});
