import { describe, expect, it } from "vitest";
import { keysetPage } from "./keyset-page.ts";

describe("keysetPage", () => {
  const cursorOf = (n: number) => `after-${n}`;

  it("shows `limit` rows and a cursor from the last one when an extra row came back", () => {
    expect(keysetPage([1, 2, 3], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: "after-2" });
  });

  it("has no next page when no extra row came back", () => {
    expect(keysetPage([1, 2], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: null });
    expect(keysetPage([], 2, cursorOf)).toEqual({ page: [], nextCursor: null });
  });
});
