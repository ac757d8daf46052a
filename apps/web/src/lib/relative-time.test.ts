import { describe, expect, it, vi } from "vitest";
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

describe("formatRelativeTime without Intl.RelativeTimeFormat", () => {
  it("says what Intl.RelativeTimeFormat('en', { numeric: 'auto' }) says, for every count used", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    for (let n = 1; n < 60; n++)
      expect(formatRelativeTime(ago(n * 60_000 + 500), now)).toBe(intl.format(-n, "minute"));
    for (let n = 1; n < 24; n++)
      expect(formatRelativeTime(ago(n * 3_600_000 + 500), now)).toBe(intl.format(-n, "hour"));
    for (let n = 1; n < 30; n++)
      expect(formatRelativeTime(ago(n * 86_400_000 + 500), now)).toBe(intl.format(-n, "day"));
  });

  it("builds no Intl formatter when imported, nor for a time under 30 days", async () => {
    const relative = vi.spyOn(Intl, "RelativeTimeFormat");
    const date = vi.spyOn(Intl, "DateTimeFormat");
    try {
      vi.resetModules();
      const fresh = await import("./relative-time.ts");
      expect(fresh.formatRelativeTime(ago(3 * 3_600_000), now)).toBe("3 hours ago");
      expect(relative).not.toHaveBeenCalled();
      expect(date).not.toHaveBeenCalled();
    } finally {
      relative.mockRestore();
      date.mockRestore();
    }
  });

  it("shows the year only for another year's date", () => {
    expect(formatRelativeTime(new Date(2025, 0, 3).toISOString(), now)).not.toMatch(/2025/);
    expect(formatRelativeTime(new Date(2023, 0, 3).toISOString(), now)).toMatch(/2023/);
  });
});
