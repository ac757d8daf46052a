import { DISCOVER_TOPICS, type DiscoverTopic } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TopicTabs } from "./topic-tabs.tsx";

function Harness() {
  const [topic, setTopic] = useState<DiscoverTopic>("technology");
  return <TopicTabs value={topic} onChange={setTopic} />;
}

describe("TopicTabs", () => {
  it("is a tab list with one tab per topic, only the chosen one in the tab order", () => {
    render(<Harness />);
    const tabs = screen.getAllByRole("tab");
    expect(screen.getByRole("tablist", { name: "Topics" })).toBeInTheDocument();
    expect(tabs).toHaveLength(DISCOVER_TOPICS.length);
    expect(screen.getByRole("tab", { name: "Technology" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it("moves and chooses with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole("tab", { name: "Technology" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    const science = screen.getByRole("tab", { name: "Science" });
    expect(science).toHaveFocus();
    expect(science).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "World" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Technology" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await user.keyboard("{ArrowLeft}{Home}");
    expect(screen.getByRole("tab", { name: "Technology" })).toHaveFocus();
  });
});
