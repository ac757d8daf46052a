import { describe, expect, it } from "vitest";
import { numberMarkers } from "./cited-text.tsx";

describe("numberMarkers", () => {
  it("writes the k-th marker as its own number past any source's, keeping the numbers written", () => {
    const text = 'Trees [1: "Trace trees"] and loops [2] and again [1: "nested"]. A group [1, 2].';
    expect(numberMarkers(text)).toEqual({
      markdown: "Trees [1000] and loops [1001] and again [1002]. A group [1, 2].",
      shown: [1, 2, 1],
    });
  });

  it("hides a marker still being written at the end of a streaming reply", () => {
    expect(numberMarkers('Loops are traced [1: "Trace tr').markdown).toBe("Loops are traced ");
  });
});
