import type { AnswerSource, CitationCheck } from "@nexus/contracts";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHideUnsupported } from "@/lib/chat/citation-preference.ts";
import { AnswerMarkdown } from "./markdown/answer-markdown.tsx";
import { CitationChecksContext } from "./markdown/sources-context.ts";
import { ChatPartRenderers, MessageParts } from "./part-registry.tsx";
import { TextPart } from "./parts/text-part.tsx";

const source = (n: number): AnswerSource => ({
  title: `Source ${n}`,
  url: `https://s${n}.example/page`,
  domain: `s${n}.example`,
  favicon: null,
  snippet: `Snippet ${n}.`,
});
const SOURCES = [source(1), source(2)];

const check = (source: number, occurrence: number, verified: boolean, start = 0, end = 0) =>
  ({
    source,
    occurrence,
    sentence: "s",
    start,
    end,
    verified,
    match: verified ? "exact" : "none",
    passage: verified ? "The passage." : "",
  }) satisfies CitationCheck;

function marks(): (string | null)[] {
  return [...document.querySelectorAll("[data-citation]")].map((el) =>
    el.getAttribute("data-verified"),
  );
}

afterEach(() => setHideUnsupported(false));

describe("checked citation chips", () => {
  it("marks each chip by its own check, across blocks, and leaves unchecked replies alone", async () => {
    const text = "One [1]. Two [2].\n\nThree [1][2].";
    render(
      <CitationChecksContext
        value={[check(1, 0, true), check(2, 0, false), check(1, 1, false), check(2, 1, true)]}
      >
        <AnswerMarkdown markdown={text} sources={SOURCES} />
      </CitationChecksContext>,
    );
    await screen.findAllByText("?");
    expect(marks()).toEqual(["true", "false", "false", "true"]);
    const unverified = document.querySelectorAll('[data-verified="false"]');
    expect(unverified[0]).toHaveAccessibleName("Source 2: Source 2 (not found in the source)");
  });

  it("without checks, chips carry no mark", () => {
    render(<AnswerMarkdown markdown="One [1]." sources={SOURCES} />);
    expect(marks()).toEqual([null]);
  });

  it("the setting hides the sentences no source supports", () => {
    act(() => setHideUnsupported(true));
    const text = "Kept [1]. Invented [2]. Also kept [1].";
    render(
      <ChatPartRenderers renderers={{ text: TextPart }}>
        <MessageParts
          parts={[
            { type: "text", text } as { type: string },
            {
              type: "data-citation-checks",
              data: [
                check(1, 0, true, 0, 9),
                check(2, 0, false, 10, 23),
                check(1, 1, true, 24, 38),
              ],
            } as { type: string },
          ]}
          streaming={false}
          sources={SOURCES}
          headingBase={2}
        />
      </ChatPartRenderers>,
    );
    expect(screen.getByTestId("hidden-unsupported")).toHaveTextContent("1 sentence");
    expect(document.body).not.toHaveTextContent("Invented");
  });
});
