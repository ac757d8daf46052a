import { type RefObject, useLayoutEffect, useRef } from "react";

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
