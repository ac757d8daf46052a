import { describe, expect, it } from "vitest";
import { mergeBands } from "./pdf-bands.ts";

const rect = (left: number, top: number, width: number, height: number, current?: boolean) => ({
  left,
  top,
  width,
  height,
  ...(current ? { current } : {}),
});

describe("highlight bands", () => {
  it("merges a line's item boxes of different heights into one band as tall as the line", () => {
    // Three text-layer items on one line (glyph boxes of 11, 14 and 12 px) and a word gap.
    const bands = mergeBands([rect(100, 52, 40, 11), rect(144, 50, 60, 14), rect(210, 51, 30, 12)]);
    expect(bands).toEqual([{ left: 100, top: 50, width: 140, height: 14, current: false }]);
  });

  it("gives each line its own band, top to bottom, whatever the order of the boxes", () => {
    const bands = mergeBands([
      rect(72, 90, 300, 12),
      rect(300, 70, 80, 12),
      rect(72, 70, 220, 12),
      rect(72, 110, 120, 12),
    ]);
    expect(bands.map((b) => [b.top, b.left, b.width])).toEqual([
      [70, 72, 308],
      [90, 72, 300],
      [110, 72, 120],
    ]);
  });

  it("keeps runs far apart on a line apart, and the current find match a band of its own", () => {
    const bands = mergeBands([
      rect(50, 10, 40, 10),
      rect(400, 10, 40, 10),
      rect(95, 10, 30, 10, true),
    ]);
    expect(bands).toEqual([
      { left: 50, top: 10, width: 40, height: 10, current: false },
      { left: 95, top: 10, width: 30, height: 10, current: true },
      { left: 400, top: 10, width: 40, height: 10, current: false },
    ]);
  });

  it("drops empty boxes and lines whose boxes only touch", () => {
    expect(mergeBands([rect(0, 0, 0, 10), rect(5, 5, 10, 0)])).toEqual([]);
    // Superscript-like overlap under half the shorter height: two lines.
    expect(mergeBands([rect(0, 0, 50, 10), rect(0, 7, 50, 10)])).toHaveLength(2);
  });
});
