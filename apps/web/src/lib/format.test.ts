import { TIER_LIMITS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { formatHistoryKept, formatLimit, perPeriod } from "./format.ts";

describe("plan formatting", () => {
  it("shows a zero limit as unlimited", () => {
    expect(formatLimit(0)).toBe("Unlimited");
    expect(formatLimit(30000)).toBe("30,000");
  });

  it("reads history retention by tier", () => {
    expect(formatHistoryKept(TIER_LIMITS.anonymous, true)).toBe("Not kept");
    expect(formatHistoryKept(TIER_LIMITS.free, false)).toBe("500 chats");
    expect(formatHistoryKept(TIER_LIMITS.pro, false)).toBe("Unlimited");
    expect(perPeriod(TIER_LIMITS.anonymous)).toBe("per day");
    expect(perPeriod(TIER_LIMITS.free)).toBe("per month");
  });
});
