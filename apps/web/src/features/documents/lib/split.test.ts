import { describe, expect, it } from "vitest";
import { askAboutText, quoteText, tidySelection } from "./selection-chat.ts";
import {
  clampSplit,
  DEFAULT_SPLIT,
  MAX_SPLIT,
  MIN_SPLIT,
  parseSplit,
  splitAfterKey,
  splitAtPointer,
} from "./split.ts";
import { clampZoom, pinchZoom, stepZoom, wheelZoom } from "./zoom.ts";

describe("the viewer and chat divider", () => {
  it("reads what was stored, the default when nothing usable is", () => {
    expect(parseSplit("0.62")).toBe(0.62);
    expect(parseSplit(null)).toBe(DEFAULT_SPLIT);
    expect(parseSplit("wide")).toBe(DEFAULT_SPLIT);
    expect(parseSplit("5")).toBe(MAX_SPLIT);
    expect(parseSplit("-1")).toBe(MIN_SPLIT);
  });

  it("moves with the arrow keys and stops at its ends", () => {
    expect(splitAfterKey(0.5, "ArrowRight")).toBeCloseTo(0.52);
    expect(splitAfterKey(0.5, "ArrowLeft")).toBeCloseTo(0.48);
    expect(splitAfterKey(0.5, "PageDown")).toBeCloseTo(0.6);
    expect(splitAfterKey(MAX_SPLIT, "ArrowRight")).toBe(MAX_SPLIT);
    expect(splitAfterKey(0.5, "Home")).toBe(MIN_SPLIT);
    expect(splitAfterKey(0.7, "Enter")).toBe(DEFAULT_SPLIT);
    expect(splitAfterKey(0.5, "a")).toBeNull();
  });

  it("follows the pointer but leaves the chat and the viewer their minimum widths", () => {
    expect(splitAtPointer(700, 100, 1000)).toBeCloseTo(0.6);
    // 1,000 px: the chat keeps 320 px, so the viewer gets at most 68 %.
    expect(splitAtPointer(1050, 100, 1000)).toBeCloseTo(0.68);
    expect(clampSplit(0.1, 1000)).toBeCloseTo(0.28);
  });
});

describe("pinch and wheel zoom", () => {
  it("scales with the fingers' distance, within bounds", () => {
    expect(pinchZoom(1, 100, 150, 0.5, 3)).toBe(1.5);
    expect(pinchZoom(2, 100, 400, 0.5, 3)).toBe(3);
    expect(pinchZoom(1, 100, 10, 0.5, 3)).toBe(0.5);
    expect(pinchZoom(1.2, 0, 50, 0.5, 3)).toBe(1.2);
  });

  it("zooms in on Ctrl+wheel up and out on down, and steps from any zoom", () => {
    expect(wheelZoom(1, -100, 0.5, 3)).toBeGreaterThan(1);
    expect(wheelZoom(1, 100, 0.5, 3)).toBeLessThan(1);
    expect(clampZoom(Number.NaN, 0.5, 3)).toBe(1);
    expect(stepZoom([0.5, 1, 1.5, 2], 1.37, 1)).toBe(1.5);
    expect(stepZoom([0.5, 1, 1.5, 2], 1.37, -1)).toBe(1);
    expect(stepZoom([0.5, 1, 1.5, 2], 2, 1)).toBe(2);
  });
});

describe("selected text to the chat", () => {
  it("quotes the selection tidily and asks about it", () => {
    expect(tidySelection("  Trace   trees\nare recorded ")).toBe("Trace trees are recorded");
    expect(quoteText("a\nb")).toBe("> a b\n\n");
    expect(askAboutText("the cache")).toBe("Explain this passage:\n\n> the cache");
    const long = tidySelection("word ".repeat(1_000));
    expect(long.length).toBeLessThanOrEqual(1_500);
    expect(long.endsWith("…")).toBe(true);
  });
});
