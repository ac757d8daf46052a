import { describe, expect, it } from "vitest";
import { matchQuote, QuoteText } from "./quote-match.ts";

const TEXT =
  "Trace trees are recorded   at run time.\nThe interpreter meas-\nured the loop’s “hot” paths – about 10% of them.\nNothing else was kept.";

function marked(quote: string) {
  const r = matchQuote(quote, TEXT);
  return { match: r.match, text: TEXT.slice(r.start, r.end) };
}

describe("matchQuote", () => {
  it("finds a verbatim quote exactly", () => {
    expect(marked("Nothing else was kept.")).toEqual({
      match: "exact",
      text: "Nothing else was kept.",
    });
  });

  it("normalises whitespace, case, quotes, dashes and a word hyphenated across a line", () => {
    expect(marked("trace trees are recorded at run time")).toEqual({
      match: "normalised",
      text: "Trace trees are recorded   at run time",
    });
    expect(marked('The interpreter measured the loop\'s "hot" paths - about 10%')).toEqual({
      match: "normalised",
      text: "The interpreter meas-\nured the loop’s “hot” paths – about 10%",
    });
    // The line-end hyphen copied with the line break as a space, as a reply flattens its lines.
    expect(marked("The interpreter meas- ured the loop’s")).toEqual({
      match: "normalised",
      text: "The interpreter meas-\nured the loop’s",
    });
  });

  it("aligns a quote with a word changed when 3/4 of its words are there in order", () => {
    const r = marked("the interpreter measured the loop hot paths around 10% of them");
    expect(r.match).toBe("fuzzy");
    expect(r.text.startsWith("The interpreter")).toBe(true);
    expect(r.text.endsWith("of them")).toBe(true);
  });

  it("marks nothing for an invented quote, a short miss or an empty one", () => {
    expect(marked("the compiler deleted every cold branch at once")).toEqual({
      match: "none",
      text: "",
    });
    expect(marked("hot loops")).toEqual({ match: "none", text: "" });
    expect(marked("   ")).toEqual({ match: "none", text: "" });
  });

  it("finds the same in a text prepared once as in the text itself, quote after quote", () => {
    const prepared = new QuoteText(TEXT);
    const quotes = [
      "Nothing else was kept.",
      "TRACE   trees are\trecorded at run time",
      "The interpreter meas- ured the loop’s",
      "the interpreter measured the loop hot paths around 10% of them",
      "the compiler deleted every cold branch at once",
      "   ",
    ];
    for (const quote of quotes)
      expect(matchQuote(quote, prepared), quote).toEqual(matchQuote(quote, TEXT));
    expect(matchQuote("TRACE   trees are\trecorded at run time", prepared).match).toBe(
      "normalised",
    );
  });
});
