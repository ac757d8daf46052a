import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quotableSentences, segmentSentences } from "./sentences.ts";

describe("segmentSentences (Intl.Segmenter on this Node's ICU)", () => {
  it("splits sentences and keeps abbreviations, numbers and URLs whole", () => {
    expect(
      segmentSentences(
        "Nexus needs Node.js 20.19 or newer. Set it e.g. to http://127.0.0.1:11434/v1 for Ollama! Does it work? Yes.",
      ),
    ).toEqual([
      "Nexus needs Node.js 20.19 or newer.",
      "Set it e.g. to http://127.0.0.1:11434/v1 for Ollama!",
      "Does it work?",
      "Yes.",
    ]);
  });

  it("keeps a quotation that contains a full stop in one sentence", () => {
    expect(
      segmentSentences('The modal shows "Verification failed. Please try again." Then it waits.'),
    ).toEqual(['The modal shows "Verification failed. Please try again."', "Then it waits."]);
  });
});

describe("quotableSentences", () => {
  it("skips code, tables, headings and fragments; strips list markers and trailing references", () => {
    const content = [
      "# A heading that is not a sentence",
      "Nexus answers questions with citations from its sources.[1][2]",
      "```sh",
      "npm install && npm start is a command, not a sentence.",
      "```",
      "| Tier | Searches per day for everyone |",
      "- Ask follow-up questions in the same thread of conversation",
      "1. Open the settings page and pick a theme.",
      "Home | About | Contact",
      "Set these variables:",
      "Einstein said so [3] in a letter to the editor.",
      "Too short.",
    ].join("\n");
    expect(quotableSentences(content)).toEqual([
      "Nexus answers questions with citations from its sources.",
      "Ask follow-up questions in the same thread of conversation",
      "Open the settings page and pick a theme.",
    ]);
  });

  it("joins a PDF's wrapped lines into whole sentences and never quotes from mid-sentence", () => {
    const page = [
      "tion of the interpreter, which the previous page began. Trace trees record",
      "the hot loops of a program and compile them to native code.",
      "TraceMonkey speeds up SunSpider by a factor of",
      "two over the baseline interpreter.",
      "Loops that are not hot stay in the interpreter.",
    ].join("\n");
    expect(quotableSentences(page)).toEqual([
      "Trace trees record the hot loops of a program and compile them to native code.",
      "TraceMonkey speeds up SunSpider by a factor of two over the baseline interpreter.",
      "Loops that are not hot stay in the interpreter.",
    ]);
    // A line that opens in upper case after an unfinished one is not joined: the unfinished
    // "…by a factor of" is no sentence, and its upper-case continuation is not quoted alone.
    expect(quotableSentences("It was faster by a factor of\nTwo, said the paper.")).toEqual([
      "Two, said the paper.",
    ]);
  });

  it("returns only verbatim substrings of the content (property)", () => {
    const word = fc.constantFrom(
      "Nexus",
      "answers",
      "with",
      "e.g.",
      "`code`",
      "[2]",
      '"quoted',
      "(see",
      "it)",
      "30,000",
      "Ollama",
      "-",
      "1.",
      "\n",
      "\n```\n",
      "http://x.y/z",
      "is",
      "the",
      "model",
    );
    const punct = fc.constantFrom(".", "!", "?", ",", "", ":", ";");
    fc.assert(
      fc.property(fc.array(fc.tuple(word, punct), { maxLength: 80 }), (parts) => {
        const content = parts.map(([w, p]) => `${w}${p}`).join(" ");
        // Verbatim, a line break inside a wrapped sentence read as a space.
        const unwrapped = content.replace(/[ \t]*\n[ \t]*/g, " ");
        for (const sentence of quotableSentences(content)) {
          expect(unwrapped).toContain(sentence);
          expect(sentence).not.toMatch(/^\p{Ll}/u);
          expect(sentence).toBe(sentence.trim());
          expect(sentence).not.toMatch(/\[\d+\]/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
