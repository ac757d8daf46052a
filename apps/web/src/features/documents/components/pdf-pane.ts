import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/** Scrolls only the viewer's pane (not the page) so `target` sits `offset` px below its top. */
export function scrollPaneTo(
  pane: HTMLElement | null,
  target: Element | null | undefined,
  offset: number,
) {
  if (!pane || !target) return;
  const top = target.getBoundingClientRect().top - pane.getBoundingClientRect().top;
  pane.scrollTop += top - offset;
}

/**
 * Page sizes change with the pane's width (known only after its first layout) and the zoom: when
 * `pageWidth` changes, the page gone to (`target`, until it has been seen in view), else the
 * current page, is brought back to the top of the pane. Without it a citation opened with the PDF
 * scrolls by the first layout's sizes and lands pages away on a long PDF.
 */
export function useKeepPageInView(
  pane: RefObject<HTMLElement | null>,
  target: RefObject<number | null>,
  current: number,
  pageWidth: number,
) {
  const currentRef = useRef(current);
  currentRef.current = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page size changes
  useLayoutEffect(() => {
    const n = target.current ?? currentRef.current;
    scrollPaneTo(pane.current, pane.current?.querySelector(`[data-page="${n}"]`), 0);
  }, [pageWidth]);
}

/**
 * The width a page fits in the pane (its content box less 8 px), followed as the pane resizes. It
 * is measured before the first page draws (a layout effect), so no page is drawn at a guessed
 * width and drawn again. `ready`: the pane is in the DOM (the document has loaded).
 */
export function usePaneWidth(pane: RefObject<HTMLElement | null>, ready: boolean): number {
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const el = ready ? pane.current : null;
    if (!el) return;
    const fit = (content: number) => setWidth(Math.max(240, Math.floor(content - 8)));
    const style = getComputedStyle(el);
    fit(
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    );
    const observer = new ResizeObserver(([entry]) => {
      if (entry) fit(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [pane, ready]);
  return width;
}
