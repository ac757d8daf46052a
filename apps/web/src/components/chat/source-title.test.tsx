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

  it("keeps a slide and a spreadsheet's rows whole", () => {
    expect(shown("deck.pptx, slide 4").nowrap).toBe("slide 4");
    expect(shown("sales.xlsx, Sheet Q1, rows 2–40")).toEqual({
      text: "sales.xlsx, Sheet Q1, rows 2–40",
      nowrap: "rows 2–40",
    });
  });

  it("lets a long file name wrap between its words, never mid-word", () => {
    const title = "annual_report_2024_harbour_works.final.pdf, p. 3";
    const { container } = render(
      <span>
        <SourceTitle title={title} />
      </span>,
    );
    expect(container.textContent).toBe(title);
    // A break opportunity after each "_" and "." of the long name, and nowhere else.
    const before = [...container.querySelectorAll("wbr")].map(
      (wbr) =>
        wbr.previousSibling?.textContent ?? wbr.parentElement?.previousElementSibling?.textContent,
    );
    expect(before.map((text) => text?.at(-1))).toEqual(["_", "_", "_", "_", ".", "."]);
    // Short names and other titles have none.
    for (const other of ["notes.docx, Methods", "Node.js, the runtime", "report.pdf, p. 2"]) {
      const { container: plain } = render(
        <span>
          <SourceTitle title={other} />
        </span>,
      );
      expect(plain.querySelectorAll("wbr")).toHaveLength(0);
      expect(plain.textContent).toBe(other);
    }
  });
});
