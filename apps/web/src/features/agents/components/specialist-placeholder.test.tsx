import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SpecialistPlaceholder } from "./specialist-placeholder.tsx";

function renderPlaceholder(threadId?: string) {
  render(
    <MemoryRouter>
      <SpecialistPlaceholder
        title="Structured information extraction"
        description="Turn text and documents into fields and tables."
        capability="Structured information extraction"
        {...(threadId ? { threadId } : {})}
      />
    </MemoryRouter>,
  );
}

describe("SpecialistPlaceholder", () => {
  it("says which capability is missing, never that agent chats are", () => {
    renderPlaceholder();
    expect(
      screen.getByText("Structured information extraction is not available yet"),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Structured information extraction arrives in a later release of this Nexus server.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/agent chats/i)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All agents" })).toHaveAttribute("href", "/app/agents");
  });

  it("says why a saved conversation cannot open", () => {
    renderPlaceholder("T1");
    expect(
      screen.getByText(
        "This conversation cannot be opened yet: structured information extraction arrives in a later release of this Nexus server.",
      ),
    ).toBeInTheDocument();
  });
});
