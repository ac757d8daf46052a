import { describe, expect, it } from "vitest";
import { dateGroupOf, groupByDate } from "./date-groups.ts";

// 15 June 2025, 09:30 local time (the test runs in whatever zone the machine has).
const now = new Date(2025, 5, 15, 9, 30);
const local = (day: number, hour = 12, minute = 0, month = 5) =>
  new Date(2025, month, day, hour, minute).toISOString();

describe("dateGroupOf", () => {
  it("puts the whole local calendar day in Today, and a future time too", () => {
    expect(dateGroupOf(local(15, 0, 0), now)).toBe("Today");
    expect(dateGroupOf(local(15, 9, 29), now)).toBe("Today");
    expect(dateGroupOf(local(15, 23, 59), now)).toBe("Today");
    expect(dateGroupOf(local(16, 1), now)).toBe("Today");
  });

  it("uses calendar days, not 24-hour spans", () => {
    expect(dateGroupOf(local(14, 23, 59), now)).toBe("Yesterday");
    expect(dateGroupOf(local(14, 0, 0), now)).toBe("Yesterday");
    expect(dateGroupOf(local(13, 23, 59), now)).toBe("Previous 7 days");
  });

  it("splits the last week, the last month and older", () => {
    expect(dateGroupOf(local(8, 0, 0), now)).toBe("Previous 7 days");
    expect(dateGroupOf(local(7, 23, 59), now)).toBe("Previous 30 days");
    expect(dateGroupOf(local(16, 0, 0, 4), now)).toBe("Previous 30 days");
    expect(dateGroupOf(local(15, 23, 59, 4), now)).toBe("Older");
    expect(dateGroupOf("2019-01-01T00:00:00Z", now)).toBe("Older");
    expect(dateGroupOf("garbage", now)).toBe("Older");
  });
});

describe("groupByDate", () => {
  it("keeps the order inside groups and leaves empty groups out", () => {
    const items = [
      { id: "a", at: local(15, 9) },
      { id: "b", at: local(15, 8) },
      { id: "c", at: local(10) },
      { id: "d", at: local(1, 12, 0, 0) },
    ];
    const groups = groupByDate(items, (item) => item.at, now);
    expect(groups.map((group) => group.label)).toEqual(["Today", "Previous 7 days", "Older"]);
    expect(groups[0]?.items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(groups[2]?.items.map((item) => item.id)).toEqual(["d"]);
  });

  it("orders groups newest first even when items come out of order", () => {
    const items = [{ at: local(1, 12, 0, 0) }, { at: local(14) }, { at: local(15) }];
    expect(groupByDate(items, (item) => item.at, now).map((group) => group.label)).toEqual([
      "Today",
      "Yesterday",
      "Older",
    ]);
  });

  it("returns no groups for no items", () => {
    expect(groupByDate([], () => "", now)).toEqual([]);
  });
});
