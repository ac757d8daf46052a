import type { UsageSummary } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { quotaUpFrontText } from "./quota-up-front.tsx";

function usage(agentUsed: number, tier: UsageSummary["tier"] = "free"): UsageSummary {
  return {
    tier,
    period: tier === "anonymous" ? "daily" : "monthly",
    periodKey: "2026-11",
    resetsAt: "2026-12-01T00:00:00.000Z",
    counters: {
      search: { current: 0, limit: 300 },
      addFiles: { current: 0, limit: 20 },
      agentUsage: { current: agentUsed, limit: tier === "pro" ? 5000 : 5 },
    },
  };
}

const USES = "a research run uses one";

describe("quotaUpFrontText", () => {
  it("says what is left before any is used, and what the start uses", () => {
    expect(quotaUpFrontText(usage(0), "agentUsage", USES)).toBe(
      "5 of 5 agent chats left this month · a research run uses one",
    );
    expect(quotaUpFrontText(usage(4), "agentUsage", USES)).toBe(
      "1 of 5 agent chats left this month · a research run uses one",
    );
  });

  it("says none are left, and never a negative count", () => {
    expect(quotaUpFrontText(usage(5), "agentUsage", USES)).toBe(
      "No agent chats left this month: a research run uses one",
    );
    expect(quotaUpFrontText(usage(7), "agentUsage", USES)).toMatch(/^No agent chats left/);
  });

  it("says nothing for pro or for a counter without a limit", () => {
    expect(quotaUpFrontText(usage(10, "pro"), "agentUsage", USES)).toBeNull();
    const visitor = usage(0, "anonymous");
    visitor.counters.agentUsage = { current: 0, limit: 0 };
    expect(quotaUpFrontText(visitor, "agentUsage", USES)).toBeNull();
  });
});
