import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { Page } from "react-pdf";
import { formatNumber } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useMediaQuery } from "@/lib/use-media-query.ts";

/** Thumbnail width in CSS px. */
const THUMB_WIDTH = 112;
/** How far beyond the strip's view thumbnails still render (px). */
const MARGIN = "240px 0px";

/**
 * react-pdf's own Thumbnail does not register itself as a link target; a `<Page>` inside our
 * button (it needs an aria-label) does the same through this private prop, so a thumbnail never
 * replaces its page in the document's link service.
 */
const NOT_A_LINK_TARGET = { _enableRegisterUnregisterPage: false } as object;

/**
 * A strip of small page images beside the PDF (inside react-pdf's `<Document>`): only the
 * thumbnails near the strip's view render (an IntersectionObserver, as the pages do), the others
 * are placeholders of their size, so a 300-page PDF keeps a handful of small canvases. The
 * current page's thumbnail is marked (aria-current) and kept in view. On a phone the strip
 * overlays the page and closes once a page is chosen.
 */
export function PdfThumbnails({
  pages,
  ratio,
  current,
  onSelect,
  onClose,
}: {
  pages: number;
  /** A page's height / width (the first page's). */
  ratio: number;
  current: number;
  onSelect: (page: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const strip = useRef<HTMLElement>(null);
  const narrow = !useMediaQuery("(min-width: 640px)");
  const [near, setNear] = useState<Set<number>>(() => new Set());
  const height = Math.round(THUMB_WIDTH * ratio);

  useEffect(() => {
    const el = strip.current;
    if (!el || pages === 0) return;
    const seen = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.thumb);
          if (e.isIntersecting) seen.add(n);
          else seen.delete(n);
        }
        setNear((old) =>
          seen.size === old.size && [...seen].every((n) => old.has(n)) ? old : new Set(seen),
        );
      },
      { root: el, rootMargin: MARGIN },
    );
    for (const node of el.querySelectorAll("[data-thumb]")) observer.observe(node);
    return () => observer.disconnect();
  }, [pages]);

  // Keep the current page's thumbnail in the strip's view (only the strip scrolls).
  useEffect(() => {
    const el = strip.current;
    const item = el?.querySelector<HTMLElement>(`[data-thumb="${current}"]`);
    if (!el || !item) return;
    const top = item.offsetTop - el.offsetTop;
    if (top < el.scrollTop || top + item.offsetHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top - (el.clientHeight - item.offsetHeight) / 2;
  }, [current]);

  return (
    <nav
      ref={strip}
      aria-label={t("documents.thumbnails.region")}
      data-testid="pdf-thumbnails"
      className={clsx(
        "w-40 shrink-0 overflow-y-auto border-e border-border bg-surface p-2",
        narrow && "absolute inset-y-0 left-0 z-10 shadow-lg",
      )}
    >
      <ol className="flex flex-col items-center gap-2">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n} data-thumb={n}>
            <button
              type="button"
              aria-label={t("documents.page", { page: formatNumber(n) })}
              aria-current={n === current ? "page" : undefined}
              onClick={() => {
                onSelect(n);
                if (narrow) onClose();
              }}
              className={clsx(
                "block rounded-md border-2 p-0.5 text-xs text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                n === current ? "border-accent" : "border-transparent hover:border-border",
              )}
            >
              <span className="block bg-white shadow-sm" style={{ width: THUMB_WIDTH, height }}>
                {near.has(n) ? (
                  <Page
                    pageNumber={n}
                    width={THUMB_WIDTH}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={null}
                    {...NOT_A_LINK_TARGET}
                  />
                ) : null}
              </span>
              <span className="mt-0.5 block text-center tabular-nums" aria-hidden="true">
                {n}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
