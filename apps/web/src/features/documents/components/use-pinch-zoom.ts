import { type RefObject, useEffect, useRef } from "react";
import { distance, pinchZoom, wheelZoom } from "../lib/zoom.ts";

/**
 * Pinch zoom on a viewer's scrolling pane: two fingers on a touch screen, Ctrl+wheel (and a
 * trackpad's pinch, which the browser sends as Ctrl+wheel) on a desktop. While the gesture lasts,
 * `content` is only scaled with a CSS transform (no page is drawn again); the zoom is set once it
 * ends, so a 300-page PDF re-renders the pages in view once. The pane keeps one-finger scrolling
 * (touch-action: pan-x pan-y), so the browser does not zoom the whole app instead.
 */
export function usePinchZoom(options: {
  pane: RefObject<HTMLElement | null>;
  content: RefObject<HTMLElement | null>;
  zoom: number;
  setZoom: (zoom: number) => void;
  min: number;
  max: number;
  /** False until the pane is in the page (a PDF's pane appears once the file has loaded). */
  ready?: boolean;
}) {
  const latest = useRef(options);
  latest.current = options;
  const { pane, ready = true } = options;
  useEffect(() => {
    const el = pane.current;
    if (!el || !ready) return;
    el.style.touchAction = "pan-x pan-y";
    let start: { zoom: number; distance: number } | null = null;
    let pending: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const preview = (zoom: number) => {
      const { content, zoom: base } = latest.current;
      pending = zoom;
      if (content.current) {
        content.current.style.transformOrigin = "top center";
        content.current.style.transform = zoom === base ? "" : `scale(${zoom / base})`;
      }
    };
    const commit = () => {
      const { content, setZoom } = latest.current;
      if (content.current) content.current.style.transform = "";
      if (pending !== null) setZoom(pending);
      pending = null;
      start = null;
    };
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const { zoom, min, max } = latest.current;
      preview(wheelZoom(pending ?? zoom, event.deltaY, min, max));
      clearTimeout(timer);
      timer = setTimeout(commit, 150);
    };
    const onTouchStart = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (event.touches.length !== 2 || !a || !b) return;
      start = { zoom: latest.current.zoom, distance: distance(a, b) };
    };
    const onTouchMove = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (!start || event.touches.length !== 2 || !a || !b) return;
      event.preventDefault();
      const { min, max } = latest.current;
      preview(pinchZoom(start.zoom, start.distance, distance(a, b), min, max));
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (start && event.touches.length < 2) commit();
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    el.addEventListener("touchstart", onTouchStart, { passive: true });
    el.addEventListener("touchmove", onTouchMove, { passive: false });
    el.addEventListener("touchend", onTouchEnd);
    el.addEventListener("touchcancel", onTouchEnd);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("wheel", onWheel);
      el.removeEventListener("touchstart", onTouchStart);
      el.removeEventListener("touchmove", onTouchMove);
      el.removeEventListener("touchend", onTouchEnd);
      el.removeEventListener("touchcancel", onTouchEnd);
    };
  }, [pane, ready]);
}
