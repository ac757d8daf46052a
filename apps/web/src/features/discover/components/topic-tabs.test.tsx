import { DISCOVER_TOPICS, type DiscoverTopic } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("keeps the chosen tab in view", () => {
    const scrolled: string[] = [];
    // Element.prototype, where the method lives: an own copy left on HTMLElement.prototype would
    // hide every later test's stand-in from the files sharing this worker (chat-layout.test.tsx).
    const original = Element.prototype.scrollIntoView;
    afterEach(() => {
      Element.prototype.scrollIntoView = original;
      scrolled.length = 0;
    });
    const watchScrolls = () => {
      Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this.textContent ?? "");
      });
    };

    it("does not scroll (a forced layout) to the first tab as the page opens", () => {
      watchScrolls();
      render(<Harness />);
      expect(screen.getByRole("tab", { name: "Technology" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      expect(scrolled).toEqual([]);
    });

    it("scrolls to a later tab as the page opens, and to each tab chosen after", async () => {
      watchScrolls();
      render(<TopicTabs value="world" onChange={() => undefined} />);
      expect(scrolled).toEqual(["World"]);
      scrolled.length = 0;
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getAllByRole("tab", { name: "Technology" })[1] as HTMLElement);
      await user.keyboard("{End}");
      await user.keyboard("{Home}");
      expect(scrolled).toEqual(["World", "Technology"]);
    });
  });
});
