import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SourceTitle } from "./source-card.tsx";

describe("a source card's title", () => {
  it("keeps a file passage's page whole (a break may come after the comma, never inside 'p. 12')", () => {
    const { container } = render(
      <span>
        <SourceTitle title="Trace-based Just-in-Time Type Specialization.pdf, p. 12" />
      </span>,
    );
    expect(container.textContent).toBe("Trace-based Just-in-Time Type Specialization.pdf, p. 12");
    const page = container.querySelector(".whitespace-nowrap");
    expect(page?.textContent).toBe("p. 12");
  });

  it("leaves any other title as it is", () => {
    const { container } = render(
      <span>
        <SourceTitle title="Connecting a language model, p. 2 of the guide" />
      </span>,
    );
    expect(container.textContent).toBe("Connecting a language model, p. 2 of the guide");
    expect(container.querySelector(".whitespace-nowrap")).toBeNull();
  });
});
