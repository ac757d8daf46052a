import type { AnswerSource } from "@nexus/contracts";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnswerMarkdown } from "./answer-markdown.tsx";

const SOURCES: AnswerSource[] = [1, 2, 3].map((n) => ({
  title: `Source ${n}`,
  url: `https://s${n}.example/page`,
  domain: `s${n}.example`,
  favicon: null,
  snippet: `Snippet ${n}.`,
}));

function rendered(markdown: string): { chips: string[]; text: string } {
  const view = render(<AnswerMarkdown markdown={markdown} sources={SOURCES} />);
  const root = view.getByTestId("answer-markdown");
  const chips = [...root.querySelectorAll("[data-citation]")].map(
    (el) => el.getAttribute("data-citation") ?? "",
  );
  const text = root.textContent ?? "";
  view.unmount();
  return { chips, text };
}

describe("remarkCitations: identical adjacent citations merge into one chip", () => {
  it.each([
    ["a [1][1] b", ["1"], "a 1 b"],
    ["a [1] [1] b", ["1"], "a 1 b"],
    ["a [1, 1] b", ["1"], "a 1 b"],
    ["a [2][1][2] b", ["2", "1"], "a 21 b"],
    ["a [2] [1] [2][1] b", ["2", "1"], "a 2 1 b"],
    ["a [1,2][2, 3] b", ["1", "2", "3"], "a 123 b"],
  ])("%s", (markdown, chips, text) => {
    expect(rendered(markdown)).toEqual({ chips, text });
  });

  it("keeps citations that text separates, and distinct neighbours", () => {
    expect(rendered("a [1], b [1]. c [1][2]").chips).toEqual(["1", "1", "1", "2"]);
    expect(rendered("One [1]. Two [1].").chips).toEqual(["1", "1"]);
  });

  it("merges inside emphasis and list items too", () => {
    expect(rendered("- *x [3][3]*\n- y [2] [2]").chips).toEqual(["3", "2"]);
  });
});
