import type { PageRange } from "@nexus/contracts";
import { useEffect, useRef } from "react";

/**
 * A scanned page's cited words, marked on its image: the page has no text layer, so each word the
 * ranges cover is drawn where OCR found it (its box, as fractions of the page). `onShown` gets the
 * first mark once drawn (the viewer scrolls its pane to it).
 */
export function OcrMarks({
  boxes,
  ranges,
  page,
  onShown,
}: {
  boxes: readonly (readonly number[])[];
  ranges: readonly PageRange[];
  page: number;
  onShown: (mark: Element) => void;
}) {
  const own = ranges.filter((r) => r.page === page);
  const marked = boxes.filter(([start = 0, end = 0]) =>
    own.some((r) => start < r.end && end > r.start),
  );
  const first = useRef<HTMLSpanElement>(null);
  const key = own.map((r) => `${r.start}-${r.end}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per set of marks (key)
  useEffect(() => {
    if (first.current) onShown(first.current);
  }, [key]);
  if (marked.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-0" aria-hidden="true">
      {marked.map(([start, end, x0 = 0, y0 = 0, x1 = 0, y1 = 0], i) => (
        <span
          key={`${start}-${end}`}
          ref={i === 0 ? first : undefined}
          data-testid="ocr-highlight"
          className="ocr-highlight absolute rounded-sm"
          style={{
            left: `${x0 * 100}%`,
            top: `${y0 * 100}%`,
            width: `${(x1 - x0) * 100}%`,
            height: `${(y1 - y0) * 100}%`,
          }}
        />
      ))}
    </div>
  );
}
