/**
 * Highlights drawn as one band per line (issue 41): pdf.js lays each text item out as its own
 * span, scaled to its glyphs' width, so marks painted item by item make a patchy mosaic of boxes
 * of different heights with gaps between words. Their rectangles are merged instead: those on one
 * line (overlapping vertically by half the shorter one) and close enough horizontally become one
 * band as tall as the line; a current find match stays a band of its own.
 */

export interface Band {
  left: number;
  top: number;
  width: number;
  height: number;
  current: boolean;
}

export type MarkRect = Omit<Band, "current"> & { current?: boolean };

/** Gap between two runs on a line, in line heights, that still makes one band. */
const JOIN_GAP = 1.5;

const bottom = (r: MarkRect) => r.top + r.height;
const right = (r: MarkRect) => r.left + r.width;

/** Do two rectangles share a line? They overlap by at least half the shorter one's height. */
function sameLine(a: MarkRect, b: MarkRect): boolean {
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(a.top, b.top);
  return overlap >= Math.min(a.height, b.height) / 2;
}

/** The marks' rectangles (in one page's coordinates) as bands, top to bottom, left to right. */
export function mergeBands(rects: readonly MarkRect[]): Band[] {
  const lines: MarkRect[][] = [];
  const sorted = rects
    .filter((r) => r.width > 0 && r.height > 0)
    .sort((a, b) => a.top + a.height / 2 - (b.top + b.height / 2) || a.left - b.left);
  for (const rect of sorted) {
    const line = lines.find((l) => l.some((r) => sameLine(r, rect)));
    if (line) line.push(rect);
    else lines.push([rect]);
  }
  const bands: Band[] = [];
  for (const line of lines) {
    const top = Math.min(...line.map((r) => r.top));
    const height = Math.max(...line.map(bottom)) - top;
    let band: Band | null = null;
    for (const rect of [...line].sort((a, b) => a.left - b.left)) {
      const current = rect.current === true;
      if (
        band &&
        band.current === current &&
        rect.left - (band.left + band.width) <= height * JOIN_GAP
      ) {
        band.width = Math.max(band.left + band.width, right(rect)) - band.left;
        continue;
      }
      band = { left: rect.left, top, width: rect.width, height, current };
      bands.push(band);
    }
  }
  return bands;
}

/** The bands of the marks under `page` (a page's section), in its coordinates. */
export function measureBands(page: Element): Band[] {
  const origin = page.getBoundingClientRect();
  const rects: MarkRect[] = [];
  for (const mark of page.querySelectorAll("mark.doc-highlight")) {
    const current = mark.classList.contains("doc-highlight-current");
    for (const r of mark.getClientRects())
      rects.push({
        left: r.left - origin.left,
        top: r.top - origin.top,
        width: r.width,
        height: r.height,
        current,
      });
  }
  return mergeBands(rects);
}
