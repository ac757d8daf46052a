import { citationRuns, withoutUnsupported } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { checkCitations } from "./citation-check.ts";

const TIDES =
  "Tides are caused mainly by the gravitational pull of the Moon on the oceans. The Sun also pulls, but less. Most coasts see two high tides every day.";
const BREAD =
  "Sourdough bread rises because wild yeast and lactic bacteria ferment the dough. A starter is fed with flour and water.";

const sources = new Map([
  [1, TIDES],
  [2, BREAD],
]);

function check(text: string) {
  return checkCitations({ text, sources, count: 2 });
}

describe("checkCitations", () => {
  it("verifies a sentence the source holds as written, with its passage", () => {
    const [c] = check("Most coasts see two high tides every day [1].");
    expect(c).toMatchObject({ source: 1, occurrence: 0, verified: true, match: "exact" });
    expect(c?.passage).toBe("Most coasts see two high tides every day.");
  });

  it("verifies a paraphrase holding most of the source's words", () => {
    const [c] = check("The Moon's gravitational pull on the oceans mainly causes the tides [1].");
    expect(c?.verified).toBe(true);
    expect(c?.match).toBe("overlap");
    expect(c?.passage).toContain("gravitational pull of the Moon");
  });

  it("marks an invented citation unverified, showing the closest passage", () => {
    const checks = check(
      "Tides are caused by the Moon [1]. Sourdough was invented on the Moon in 1969 [2].",
    );
    expect(checks.map((c) => c.verified)).toEqual([true, false]);
    expect(checks[1]).toMatchObject({ source: 2, match: "none" });
    expect(checks[1]?.passage).toContain("Sourdough");
  });

  it("a number the passage does not state makes a paraphrase unverified", () => {
    const [c] = check("Most coasts see five high tides every day [1].");
    expect(c?.verified).toBe(false);
  });

  it("a citation of the wrong source is unverified", () => {
    const [c] = check("Wild yeast and lactic bacteria ferment the dough [1].");
    expect(c?.verified).toBe(false);
  });

  it("checks every marker of a sentence, counting occurrences per source", () => {
    const checks = check(
      "The Moon pulls the oceans [1][2]. A starter is fed with flour and water [2]. The Sun also pulls [1].",
    );
    expect(checks.map((c) => [c.source, c.occurrence, c.verified])).toEqual([
      [1, 0, true],
      [2, 0, false],
      [2, 1, true],
      [1, 1, true],
    ]);
    expect(checks[0]?.sentence).toBe("The Moon pulls the oceans");
  });

  it("reads a marker's own quote (document chat) and strips markdown from sentences", () => {
    const checks = check(
      '- **Wild yeast** ferments [2: "wild yeast and lactic bacteria ferment the dough"].',
    );
    expect(checks[0]).toMatchObject({ verified: true, match: "exact" });
    const [c] = check("- **Most coasts** see `two` high tides every day [1].");
    expect(c?.sentence).toBe("Most coasts see two high tides every day");
    expect(c?.verified).toBe(true);
  });

  it("skips sources it has no text for, and numbers beyond the sources", () => {
    expect(checkCitations({ text: "A claim [3]. Another [1].", sources, count: 2 })).toHaveLength(
      1,
    );
  });
});

describe("citationRuns and withoutUnsupported", () => {
  it("counts chips as the markdown draws them: groups, adjacent repeats, code", () => {
    const runs = citationRuns("A [1][1] b [1, 2]. `[2]` c [2].", 2);
    expect(runs.map((r) => [r.source, r.occurrence])).toEqual([
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ]);
  });

  it("hides sentences none of whose citations is verified", () => {
    const text =
      "Tides are caused by the Moon [1]. Sourdough was invented on the Moon [2]. Bye [1].";
    const checks = check(text);
    const out = withoutUnsupported(text, checks, 2);
    expect(out.hidden).toBe(2);
    expect(out.text).toBe("Tides are caused by the Moon [1]. ");
    expect(out.checks.map((c) => [c.source, c.occurrence])).toEqual([[1, 0]]);
  });
});

describe("checkSentence's guards", () => {
  it("a negated paraphrase of a positive passage is unverified", () => {
    const [c] = check("The gravitational pull of the Moon does not cause tides in the oceans [1].");
    expect(c?.verified).toBe(false);
  });
});

describe("the offline engine's style: a sentence, then its marker", () => {
  it("checks the sentence before '. [n]'", () => {
    const checks = check(
      "Most coasts see two high tides every day. [1] The Sun also pulls, but less. [1]",
    );
    expect(checks.map((c) => [c.sentence, c.verified])).toEqual([
      ["Most coasts see two high tides every day.", true],
      ["The Sun also pulls, but less.", true],
    ]);
  });
});
