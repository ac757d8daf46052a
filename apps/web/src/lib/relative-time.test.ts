import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time.ts";

const now = new Date(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatRelativeTime", () => {
  it("says just now under a minute, also for a clock slightly ahead", () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe("just now");
    expect(formatRelativeTime(ago(-5_000), now)).toBe("just now");
  });

  it("counts minutes, hours and days", () => {
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(4 * 24 * 3_600_000), now)).toBe("4 days ago");
  });

  it("shows a date after 30 days and leaves garbage as it is", () => {
    expect(formatRelativeTime(ago(40 * 24 * 3_600_000), now)).toMatch(/May/);
    expect(formatRelativeTime("not a date", now)).toBe("not a date");
  });
});
