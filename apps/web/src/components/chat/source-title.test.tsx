import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SourceTitle } from "./source-card.tsx";

/** The rendered title: its text, and the part that may not wrap (null when none). */
function shown(title: string) {
  const { container } = render(
    <span>
      <SourceTitle title={title} />
    </span>,
  );
  return {
    text: container.textContent,
    nowrap: container.querySelector(".whitespace-nowrap")?.textContent ?? null,
  };
}

describe("a source card's title", () => {
  it("keeps a file passage's page whole (a break may come after the comma, never inside 'p. 12')", () => {
    expect(shown("Trace-based Just-in-Time Type Specialization.pdf, p. 12")).toEqual({
      text: "Trace-based Just-in-Time Type Specialization.pdf, p. 12",
      nowrap: "p. 12",
    });
  });

  it("leaves any other title as it is", () => {
    expect(shown("Connecting a language model, p. 2 of the guide")).toEqual({
      text: "Connecting a language model, p. 2 of the guide",
      nowrap: null,
    });
  });
});
