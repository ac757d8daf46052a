import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SpecialistPlaceholder } from "./specialist-placeholder.tsx";

function renderPlaceholder(threadId?: string) {
  render(
    <MemoryRouter>
      <SpecialistPlaceholder
        title="Deep research"
        description="Multi-step research on a hard question, written up as a report."
        capability="Deep research"
        {...(threadId ? { threadId } : {})}
      />
    </MemoryRouter>,
  );
}

describe("SpecialistPlaceholder", () => {
  it("says which capability is missing, never that agent chats are", () => {
    renderPlaceholder();
    expect(screen.getByText("Deep research is not available yet")).toBeInTheDocument();
    expect(
      screen.getByText("Deep research arrives in a later release of this Nexus server."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/agent chats/i)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All agents" })).toHaveAttribute("href", "/app/agents");
  });

  it("says why a saved conversation cannot open", () => {
    renderPlaceholder("T1");
    expect(
      screen.getByText(
        "This conversation cannot be opened yet: deep research arrives in a later release of this Nexus server.",
      ),
    ).toBeInTheDocument();
  });
});
