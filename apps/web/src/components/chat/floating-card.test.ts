import { describe, expect, it } from "vitest";
import { placeCard } from "./floating-card.tsx";

const viewport = { width: 390, height: 844 };
const card = { width: 288, height: 120 };
const rect = (left: number, top: number, width = 20, height = 18) => ({
  left,
  top,
  width,
  right: left + width,
  bottom: top + height,
});

describe("placeCard", () => {
  it("centres the card above its anchor when it fits", () => {
    expect(placeCard({ anchor: rect(185, 400), card, viewport })).toEqual({
      left: 51,
      top: 274,
      side: "above",
    });
  });

  it("shifts the card left so it ends inside a phone's width (a chip near the right edge)", () => {
    const placed = placeCard({ anchor: rect(360, 400), card, viewport });
    expect(placed.left + card.width).toBe(viewport.width - 8);
    expect(placeCard({ anchor: rect(2, 400), card, viewport }).left).toBe(8);
  });

  it("flips below an anchor near the top instead of being clipped", () => {
    expect(placeCard({ anchor: rect(100, 30), card, viewport })).toMatchObject({
      top: 54,
      side: "below",
    });
  });

  it("keeps a card taller than the room on both sides inside the viewport", () => {
    const tall = { width: 288, height: 700 };
    const placed = placeCard({ anchor: rect(100, 420), card: tall, viewport });
    expect(placed.top).toBeGreaterThanOrEqual(8);
    expect(placed.top + tall.height).toBeLessThanOrEqual(viewport.height - 8);
  });
});
