import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentTextView } from "./document-text-view.tsx";

const TEXT = "Ouch[1].[2]\n\nA tachyon walks into a bar.\n\nFin.";

describe("DocumentTextView", () => {
  it("shows every line of a passage and marks exactly the cited range, as text", () => {
    const start = TEXT.indexOf("A tachyon");
    render(
      <DocumentTextView
        text={{
          pages: [
            {
              page: 1,
              label: "Text",
              text: `${TEXT}\n<img src=x onerror=alert(1)>`,
              ocr: false,
              passages: [{ ordinal: 0, page: 1, start: 0, end: TEXT.length + 29, headingPath: "" }],
            },
          ],
        }}
        highlight={{ ranges: [{ page: 1, start, end: start + 27 }], quote: null, key: "k" }}
      />,
    );
    expect(screen.getByText("Ouch[1].[2]")).toBeInTheDocument();
    expect(screen.getByText("Fin.")).toBeInTheDocument();
    const marks = document.querySelectorAll("mark.doc-highlight");
    expect([...marks].map((m) => m.textContent)).toEqual(["A tachyon walks into a bar."]);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
  });
});
