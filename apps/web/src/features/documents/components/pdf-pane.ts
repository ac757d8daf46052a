import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { pdfjs } from "react-pdf";
import type { LayerItem } from "../lib/pdf-highlight.ts";

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
 * Page sizes change with the pane's width (known only after its first layout; the thumbnail strip
 * opening or closing) and the zoom: when `pageWidth` changes, the page gone to (`target`, until it
 * has been seen in view), else the current page, is brought back to the top of the pane. Without
 * it a citation opened with the PDF scrolls by the first layout's sizes and lands pages away on a
 * long PDF, and closing the strip or zooming drifts to another page.
 */
export function useKeepPageInView(
  pane: RefObject<HTMLElement | null>,
  target: RefObject<number | null>,
  current: number,
  pageWidth: number,
) {
  const currentRef = useRef(current);
  currentRef.current = current;
  /** The page being kept while its sizes settle: the current page read meanwhile is a passing one. */
  const keeping = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page size changes
  useLayoutEffect(() => {
    // A second change before the first has settled (the strip closed, then a zoom) keeps the same
    // page: the scroll position read between the two is the first change's, not the reader's.
    const n = target.current ?? keeping.current ?? currentRef.current;
    keeping.current = n;
    // The new sizes may be laid out a frame or two after this commit: the page is put back at
    // the top now and at each frame until the layout has held still for 3 frames (at most 60).
    let frame = 0;
    let still = 0;
    let last = -1;
    const keep = (count: number) => {
      const el = pane.current;
      scrollPaneTo(el, el?.querySelector(`[data-page="${n}"]`), 0);
      const height = el?.scrollHeight ?? 0;
      still = height === last ? still + 1 : 0;
      last = height;
      if (still < 3 && count < 60) frame = requestAnimationFrame(() => keep(count + 1));
      else keeping.current = null;
    };
    keep(0);
    return () => cancelAnimationFrame(frame);
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

/**
 * A page's text items read without pdf.js's normalisation, as the server read them: a citation's
 * ranges index the text built from these (pdf-highlight.ts layerText). Undefined if unreadable.
 */
export function rawItems(
  pdf: pdfjs.PDFDocumentProxy | null,
  page: number,
): Promise<LayerItem[] | undefined> {
  if (!pdf) return Promise.resolve(undefined);
  return pdf
    .getPage(page)
    .then((p) => p.getTextContent({ disableNormalization: true }))
    .then((content) => content.items as LayerItem[])
    .catch(() => undefined);
}
