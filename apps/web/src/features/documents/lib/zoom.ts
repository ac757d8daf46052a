/**
 * Zoom arithmetic of the viewers (pinch on a touch screen, Ctrl+wheel or a trackpad pinch on a
 * desktop, the toolbar's steps): pure, so the gesture hook (use-pinch-zoom.ts) stays thin.
 */

export function clampZoom(zoom: number, min: number, max: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(max, Math.max(min, Math.round(zoom * 100) / 100));
}

/** The zoom after two fingers moved from `startDistance` apart to `distance` apart. */
export function pinchZoom(
  start: number,
  startDistance: number,
  distance: number,
  min: number,
  max: number,
): number {
  if (startDistance <= 0 || distance <= 0) return clampZoom(start, min, max);
  return clampZoom(start * (distance / startDistance), min, max);
}

/** The zoom after a Ctrl+wheel (a trackpad pinch sends these): smooth, 10 % per 100 px-ish. */
export function wheelZoom(zoom: number, deltaY: number, min: number, max: number): number {
  const delta = Math.max(-100, Math.min(100, deltaY));
  return clampZoom(zoom * Math.exp(-delta * 0.002), min, max);
}

/** The next step up (dir 1) or down (-1) from any zoom, a pinched 1.37 included. */
export function stepZoom(steps: readonly number[], zoom: number, dir: 1 | -1): number {
  const next =
    dir > 0
      ? steps.find((s) => s > zoom + 0.001)
      : [...steps].reverse().find((s) => s < zoom - 0.001);
  return next ?? zoom;
}

/** Distance between two touch points. */
export function distance(a: { clientX: number; clientY: number }, b: typeof a): number {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}
