/**
 * The document workspace's divider (resizable-split.tsx): the viewer's share of the width, kept
 * between bounds so neither side gets too narrow, moved by dragging or by the keyboard.
 */

/** The viewer's share when nothing is stored (the layout before the divider: 1.15fr to 1fr). */
export const DEFAULT_SPLIT = 0.53;
export const MIN_SPLIT = 0.25;
export const MAX_SPLIT = 0.8;
/** One arrow key press; Page Up/Down move five times as far. */
export const SPLIT_STEP = 0.02;
/** Narrowest chat and viewer, in CSS pixels, whatever the share says. */
export const MIN_CHAT_PX = 320;
export const MIN_VIEWER_PX = 280;

/** A share within bounds; on a narrow row the chat and viewer minimums win. */
export function clampSplit(fraction: number, width = 0): number {
  let lo = MIN_SPLIT;
  let hi = MAX_SPLIT;
  if (width > 0) {
    lo = Math.max(lo, MIN_VIEWER_PX / width);
    hi = Math.min(hi, 1 - MIN_CHAT_PX / width);
  }
  if (!Number.isFinite(fraction)) return clampSplit(DEFAULT_SPLIT, width);
  if (hi < lo) return (lo + hi) / 2;
  return Math.min(hi, Math.max(lo, fraction));
}

/** A stored share ("0.6"), or the default when missing or not a number. */
export function parseSplit(stored: string | null): number {
  const n = stored === null ? Number.NaN : Number(stored);
  return Number.isFinite(n) ? clampSplit(n) : DEFAULT_SPLIT;
}

/** The share after a key on the separator, or null when the key does not move it. */
export function splitAfterKey(fraction: number, key: string): number | null {
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
      return clampSplit(fraction - SPLIT_STEP);
    case "ArrowRight":
    case "ArrowDown":
      return clampSplit(fraction + SPLIT_STEP);
    case "PageUp":
      return clampSplit(fraction - SPLIT_STEP * 5);
    case "PageDown":
      return clampSplit(fraction + SPLIT_STEP * 5);
    case "Home":
      return MIN_SPLIT;
    case "End":
      return MAX_SPLIT;
    case "Enter":
      return DEFAULT_SPLIT;
    default:
      return null;
  }
}

/** The share at a pointer's x inside a row from `left` to `left + width`. */
export function splitAtPointer(x: number, left: number, width: number): number {
  return width > 0 ? clampSplit((x - left) / width, width) : DEFAULT_SPLIT;
}
