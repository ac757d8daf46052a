import { describe, expect, it } from "vitest";
import { uniqueBy } from "./unique-by.ts";

describe("uniqueBy", () => {
  it("keeps the first item of each key, in order", () => {
    const items = [
      { id: "a", n: 1 },
      { id: "b", n: 2 },
      { id: "a", n: 3 },
    ];
    expect(uniqueBy(items, (item) => item.id)).toEqual([
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ]);
  });
});
