import {
  type FocusEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/** How long a preview waits after the pointer left, so it can be reached (WCAG 1.4.13, hoverable). */
const LEAVE_DELAY_MS = 150;

/**
 * Where the mouse was at the pointer event before the current one. A reflow or a scroll under a
 * resting pointer makes the browser send pointer events at the same spot: those are not movement.
 */
let previousPoint: { x: number; y: number } | null = null;
let lastPoint: { x: number; y: number } | null = null;
let tracking = false;

function trackPointer(): void {
  if (tracking || typeof window === "undefined") return;
  tracking = true;
  window.addEventListener(
    "pointermove",
    (event) => {
      previousPoint = lastPoint;
      lastPoint = { x: event.clientX, y: event.clientY };
    },
    { capture: true, passive: true },
  );
}

/** The mouse really moved to reach this event (read during the event, after the tracker ran). */
function movedTo(event: PointerEvent<HTMLElement>): boolean {
  return (
    previousPoint !== null &&
    (previousPoint.x !== event.clientX || previousPoint.y !== event.clientY)
  );
}

export interface HoverPreview {
  /** The element the open preview points at; null when closed. */
  anchor: HTMLElement | null;
  close: () => void;
  /** The next focus of the trigger came from a pointer or a closing dialog: no preview for it. */
  ignoreNextFocus: () => void;
  triggerProps: {
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
    onPointerDown: () => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: () => void;
  };
  /** For the preview itself: the pointer may move onto it without it closing. */
  cardProps: {
    onPointerEnter: () => void;
    onPointerLeave: () => void;
  };
}

/**
 * A preview shown while a mouse rests on its trigger or the keyboard focuses it (WCAG 1.4.13):
 * - it opens only when the mouse really moves over the trigger, never because the page reflowed
 *   under a resting pointer (those synthetic events carry no movement), and never for touch;
 * - Escape closes it without moving the pointer or the focus, and it stays closed until the
 *   pointer leaves or the focus moves;
 * - the pointer can travel onto the preview.
 */
export function useHoverPreview(): HoverPreview {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dismissed = useRef(false);
  const skipFocus = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const close = useCallback(() => {
    cancelClose();
    setAnchor(null);
  }, [cancelClose]);
  const closeSoon = useCallback(() => {
    cancelClose();
    timer.current = window.setTimeout(() => setAnchor(null), LEAVE_DELAY_MS);
  }, [cancelClose]);

  useEffect(trackPointer, []);
  useEffect(() => cancelClose, [cancelClose]);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      dismissed.current = true;
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [anchor, close]);

  return useMemo<HoverPreview>(
    () => ({
      anchor,
      close,
      ignoreNextFocus: () => {
        skipFocus.current = true;
      },
      triggerProps: {
        onPointerMove: (event) => {
          if (event.pointerType !== "mouse") return;
          if (!movedTo(event)) return;
          cancelClose();
          if (dismissed.current) return;
          const target = event.currentTarget;
          setAnchor((current) => current ?? target);
        },
        onPointerLeave: (event) => {
          if (event.pointerType !== "mouse") return;
          dismissed.current = false;
          closeSoon();
        },
        onPointerDown: () => {
          skipFocus.current = true;
        },
        onFocus: (event) => {
          if (skipFocus.current || dismissed.current) {
            skipFocus.current = false;
            return;
          }
          cancelClose();
          setAnchor(event.currentTarget);
        },
        onBlur: () => {
          skipFocus.current = false;
          dismissed.current = false;
          close();
        },
      },
      cardProps: { onPointerEnter: cancelClose, onPointerLeave: closeSoon },
    }),
    [anchor, close, closeSoon, cancelClose],
  );
}
