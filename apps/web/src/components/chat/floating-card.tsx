import { clsx } from "clsx";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** Distance from the viewport's edges, and between the anchor and the card. */
const MARGIN = 8;
const GAP = 6;

interface Placement {
  left: number;
  top: number;
  side: "above" | "below";
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Where a card of the given size goes next to its anchor: above it when it fits there, else below
 * (or wherever there is more room), shifted sideways and up or down so all of it is on screen.
 */
export function placeCard(options: {
  anchor: Pick<DOMRect, "left" | "top" | "right" | "bottom" | "width">;
  card: { width: number; height: number };
  viewport: { width: number; height: number };
}): Placement {
  const { anchor, card, viewport } = options;
  const left = clamp(
    anchor.left + anchor.width / 2 - card.width / 2,
    MARGIN,
    viewport.width - MARGIN - card.width,
  );
  const above = anchor.top - GAP - MARGIN;
  const below = viewport.height - anchor.bottom - GAP - MARGIN;
  const side = card.height <= above || (card.height > below && above > below) ? "above" : "below";
  const top = side === "above" ? anchor.top - GAP - card.height : anchor.bottom + GAP;
  return { left, top: clamp(top, MARGIN, viewport.height - MARGIN - card.height), side };
}

/**
 * A preview card beside an anchor element, kept inside the viewport (flipped below when there is
 * no room above, shifted from the edges), rendered at the end of the body so no ancestor clips it
 * and it never widens the page. It follows the anchor when the page scrolls.
 */
export function FloatingCard({
  anchor,
  id,
  children,
  className,
  onPointerEnter,
  onPointerLeave,
  testId,
}: {
  anchor: HTMLElement;
  id?: string;
  children: ReactNode;
  className?: string;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const card = ref.current;
      if (!card) return;
      setPlacement(
        placeCard({
          anchor: anchor.getBoundingClientRect(),
          card: { width: card.offsetWidth, height: card.offsetHeight },
          viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
        }),
      );
    };
    place();
    window.addEventListener("scroll", place, { capture: true, passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
    };
  }, [anchor]);

  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      data-testid={testId}
      data-side={placement?.side}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      style={{
        left: placement?.left ?? 0,
        top: placement?.top ?? 0,
        visibility: placement ? "visible" : "hidden",
      }}
      className={clsx(
        "fixed z-40 max-h-[calc(100dvh-1rem)] w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-border bg-surface p-3 text-left text-sm shadow-lg",
        className,
      )}
    >
      {children}
    </div>,
    document.body,
  );
}
