import type { UsageSummary } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { quotaLeftText } from "./quota-left-hint.tsx";

function usage(agentUsed: number, tier: UsageSummary["tier"] = "free"): UsageSummary {
  return {
    tier,
    period: tier === "anonymous" ? "daily" : "monthly",
    periodKey: "2026-11",
    resetsAt: "2026-12-01T00:00:00.000Z",
    counters: {
      search: { current: 0, limit: 300 },
      addFiles: { current: 0, limit: 20 },
      agentUsage: { current: agentUsed, limit: 5 },
    },
  };
}

describe("quotaLeftText", () => {
  it("says nothing while 3 or more remain", () => {
    expect(quotaLeftText(usage(0), "agentUsage")).toBeNull();
    expect(quotaLeftText(usage(2), "agentUsage")).toBeNull();
  });

  it("counts down the counter by its name once fewer than 3 remain", () => {
    expect(quotaLeftText(usage(3), "agentUsage")).toBe("2 agent chats left this month");
    expect(quotaLeftText(usage(4), "agentUsage")).toBe("1 agent chat left this month");
    expect(quotaLeftText(usage(5), "agentUsage")).toBe("No agent chats left this month");
  });

  it("names the counter asked about, not another one", () => {
    const nearly = usage(0);
    nearly.counters.search = { current: 299, limit: 300 };
    expect(quotaLeftText(nearly, "search")).toBe("1 search left this month");
    expect(quotaLeftText(nearly, "agentUsage")).toBeNull();
  });

  it("counts a visitor's searches by the day", () => {
    const visitor = usage(0, "anonymous");
    visitor.counters.search = { current: 98, limit: 100 };
    visitor.counters.agentUsage = { current: 0, limit: 0 };
    expect(quotaLeftText(visitor, "search")).toBe("2 searches left today");
    visitor.counters.search = { current: 100, limit: 100 };
    expect(quotaLeftText(visitor, "search")).toBe("No searches left today");
  });

  it("counts file uploads, and says nothing of a counter the tier has none of", () => {
    const nearly = usage(0);
    nearly.counters.addFiles = { current: 29, limit: 30 };
    expect(quotaLeftText(nearly, "addFiles")).toBe("1 file upload left this month");
    // A visitor has no uploads at all: attaching asks them to sign in, not "none left".
    const visitor = usage(0, "anonymous");
    visitor.counters.addFiles = { current: 0, limit: 0 };
    expect(quotaLeftText(visitor, "addFiles")).toBeNull();
  });
});
