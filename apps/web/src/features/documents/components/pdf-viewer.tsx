import type { PageRange } from "@nexus/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Document, Outline, Page, pdfjs } from "react-pdf";
import "react-pdf/dist/Page/TextLayer.css";
import { Spinner } from "@/components/ui/spinner.tsx";
import { formatNumber } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { type Band, measureBands } from "../lib/pdf-bands.ts";
import { type ItemMarks, type LayerItem, pageMarks, renderItem } from "../lib/pdf-highlight.ts";
import { pdfWorkerUrl, takePdfWorker } from "../lib/pdf-worker.ts";
import { OcrMarks } from "./ocr-marks.tsx";
import { PdfFindBar, usePdfFind } from "./pdf-find.tsx";
import { rawItems, scrollPaneTo, useKeepPageInView, usePaneWidth } from "./pdf-pane.ts";
import { PdfThumbnails } from "./pdf-thumbnails.tsx";
import { PDF_ZOOMS, PdfToolbar } from "./pdf-toolbar.tsx";
import { usePinchZoom } from "./use-pinch-zoom.ts";

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
/** The tab's one pdf.js worker (lib/pdf-worker.ts), serving each PDF (a worker in the options is not
 * the loading task's to destroy). */
const port = takePdfWorker();
const worker = port ? pdfjs.PDFWorker.create({ port }) : null;

declare const __PDFJS_ASSETS__: string;

/** pdf.js options: its assets from our origin, no eval (the CSP forbids it), the owner's cookie. */
const OPTIONS = {
  cMapUrl: `${__PDFJS_ASSETS__}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${__PDFJS_ASSETS__}standard_fonts/`,
  // Image decoders (JPEG 2000, JBIG2): without them a JPEG 2000 scan renders blank.
  wasmUrl: `${__PDFJS_ASSETS__}wasm/`,
  isEvalSupported: false,
  enableXfa: false,
  ...(worker ? { worker } : {}),
};

/** What the viewer marks: a citation's page ranges and its quote (null: a whole passage). */
export interface DocumentHighlight {
  ranges: PageRange[];
  quote: string | null;
  /**
   * Where it is, as the server labels the cited passage (the citation's label, or a passage link's):
   * the viewer's "Cited: …" shows it rather than working out its own ("Chapter 1", not the spine's
   * "Chapter 3"). Absent: the viewer labels the highlighted page.
   */
  label?: string;
  /** Changes with each click, so the same citation scrolls into view again. */
  key: string;
}

/** Pages rendered beyond those in view, above and below. */
const OVERSCAN = 1;

/**
 * A PDF beside its chat (react-pdf, pdf.js 5): pages render only near the view (a 300-page PDF
 * keeps a few canvases), zoom with fit width and fit page, page navigation, find with a count
 * (pdf-find.tsx; Ctrl+F or ⌘F in the viewer), outline; a citation scrolls to its page and marks
 * exactly its characters in the text layer (lib/pdf-highlight.ts). On a phone the toolbar is one
 * row and find opens from its icon.
 */
export function PdfViewer({
  url,
  highlight,
  title,
  ocrBoxes,
}: {
  url: string;
  highlight: DocumentHighlight | null;
  title: string;
  /** Scanned pages' recognised words (their text ranges and boxes): OcrMarks. */
  ocrBoxes?: ReadonlyMap<number, readonly (readonly number[])[]> | undefined;
}) {
  const t = useT();
  const file = useMemo(() => ({ url, withCredentials: true }), [url]);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Each page's marks as one band per line (lib/pdf-bands.ts), measured once its text is drawn. */
  const [bands, setBands] = useState<ReadonlyMap<number, Band[]>>(() => new Map());
  /** The page gone to, until the pages' layout has settled with it in view. */
  const target = useRef<number | null>(null);
  const [pages, setPages] = useState(0);
  const [ratio, setRatio] = useState(1.294);
  const [zoom, setZoom] = useState(1);
  const [visible, setVisible] = useState<Set<number>>(() => new Set([1]));
  const [current, setCurrent] = useState(1);
  const [outline, setOutline] = useState(false);
  const [noOutline, setNoOutline] = useState(false);
  const [thumbs, setThumbs] = useState(false);
  const [failed, setFailed] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const findInput = useRef<HTMLInputElement>(null);
  const marks = useRef(new Map<number, ItemMarks>());
  const [marksVersion, setMarksVersion] = useState(0);
  const pdfRef = useRef<pdfjs.PDFDocumentProxy | null>(null);
  const find = usePdfFind(pdfRef);
  const active = find.highlight ?? highlight;
  const focus = find.highlight ? find.current : null;
  const width = usePaneWidth(scroller, pages > 0);

  // Which pages are near the view (only those render).
  useEffect(() => {
    const el = scroller.current;
    if (!el || pages === 0) return;
    const seen = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.page);
          if (e.isIntersecting) seen.set(n, e.intersectionRatio);
          else seen.delete(n);
        }
        const inView = [...seen.keys()];
        const next = new Set<number>();
        for (const n of inView)
          for (let k = n - OVERSCAN; k <= n + OVERSCAN; k++) if (k >= 1 && k <= pages) next.add(k);
        setVisible((old) =>
          next.size === old.size && [...next].every((n) => old.has(n)) ? old : next,
        );
        const top = [...seen.entries()].sort((a, b) => b[1] - a[1])[0];
        if (top) setCurrent(top[0]);
        if (top && top[0] === target.current) target.current = null;
      },
      { root: el, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const node of el.querySelectorAll("[data-page]")) observer.observe(node);
    return () => observer.disconnect();
  }, [pages]);

  const goTo = useCallback(
    (page: number) => {
      const n = Math.min(Math.max(1, page), pages || 1);
      target.current = n;
      setVisible((old) => new Set([...old, n]));
      scrollPaneTo(scroller.current, scroller.current?.querySelector(`[data-page="${n}"]`), 0);
    },
    [pages],
  );

  // A new citation (or find result): its marks on the pages whose text is known, then its page.
  // Per page: the text layer's items and the same items read raw (pdf-highlight.ts layerText).
  const texts = useRef(new Map<number, { items: LayerItem[]; raw: LayerItem[] }>());
  useEffect(() => {
    marks.current = new Map();
    for (const page of new Set(active?.ranges.map((r) => r.page))) {
      const text = texts.current.get(page);
      if (active && text)
        marks.current.set(
          page,
          pageMarks(text.items, active.ranges, active.quote, page, text.raw, focus),
        );
    }
    setMarksVersion((v) => v + 1);
    const first = focus ?? active?.ranges[0];
    if (first && pages > 0) goTo(first.page);
  }, [active, focus, pages, goTo]);

  const onText = useCallback(
    async (page: number, items: LayerItem[]) => {
      const raw = await rawItems(pdfRef.current, page);
      texts.current.set(page, { items, raw: raw ?? items });
      if (!active?.ranges.some((r) => r.page === page)) return;
      marks.current.set(page, pageMarks(items, active.ranges, active.quote, page, raw, focus));
      setMarksVersion((v) => v + 1);
    },
    [active, focus],
  );

  // A new renderer each time the marks change: react-pdf redraws the text layer with it.
  const renderer = useMemo(() => {
    const version = marksVersion;
    return (page: number) =>
      Object.assign(
        ({ str, itemIndex }: { str: string; itemIndex: number }) =>
          renderItem(str, marks.current.get(page)?.get(itemIndex)),
        { version },
      );
  }, [marksVersion]);

  // Once the marked page is drawn, bring the first mark into view.
  // Once per citation: the page's text layer is drawn again when it scrolls back into view, and
  // that must not pull the reader back to the mark.
  const markShown = useRef<string | null>(null);
  const activeKey = active?.key ?? null;
  const onTextRendered = useCallback(
    (page: number) => {
      const section = scroller.current?.querySelector(`[data-page="${page}"]`);
      const drawn = section ? measureBands(section) : [];
      setBands((old) =>
        (old.get(page)?.length ?? 0) === 0 && drawn.length === 0
          ? old
          : new Map(old).set(page, drawn),
      );
      if (!marks.current.get(page)?.size || markShown.current === activeKey) return;
      // A find match: only its own page's current mark (other pages hold other matches).
      if (focus && focus.page !== page) return;
      const pane = scroller.current;
      const mark = pane?.querySelector(
        `[data-page="${page}"] mark.${focus ? "doc-highlight-current" : "doc-highlight"}`,
      );
      if (!mark) return;
      markShown.current = activeKey;
      scrollPaneTo(pane, mark, (pane?.clientHeight ?? 0) / 3);
    },
    [activeKey, focus],
  );

  /** Fit page: the zoom at which a whole page fits the pane's height. */
  const fitPage = () => {
    const height = (scroller.current?.clientHeight ?? 0) - 32;
    if (height > 0) setZoom(Math.min(3, Math.max(0.25, height / (width * ratio))));
  };
  /** Opens the find row under the toolbar (its icon, Ctrl+F or ⌘F) and focuses its box. */
  const openFind = () => {
    setFindOpen(true);
    requestAnimationFrame(() => {
      findInput.current?.focus();
      findInput.current?.select();
    });
  };

  const pageWidth = Math.round(width * zoom);
  const pageHeight = Math.round(pageWidth * ratio);
  useKeepPageInView(scroller, target, current, pageWidth);
  usePinchZoom({
    pane: scroller,
    content,
    zoom,
    setZoom,
    min: PDF_ZOOMS[0] ?? 0.5,
    max: PDF_ZOOMS.at(-1) ?? 3,
    ready: pages > 0,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+F / ⌘F anywhere inside the viewer
    <div
      className="flex h-full min-h-0 flex-col bg-surface-2"
      data-testid="pdf-viewer"
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "f") {
          e.preventDefault();
          openFind();
        }
      }}
    >
      <PdfToolbar
        outline={outline}
        onOutline={() => setOutline((o) => !o)}
        thumbs={thumbs}
        onThumbs={() => setThumbs((t) => !t)}
        current={current}
        pages={pages}
        goTo={goTo}
        zoom={zoom}
        setZoom={setZoom}
        onFitPage={fitPage}
        findOpen={findOpen}
        onFind={() => (findOpen ? setFindOpen(false) : openFind())}
      />
      {findOpen ? (
        <div className="flex justify-end border-b border-border bg-surface px-2 py-1">
          <PdfFindBar
            find={find}
            inputRef={findInput}
            currentPage={current}
            onClose={() => {
              setFindOpen(false);
              find.setQuery("");
            }}
          />
        </div>
      ) : null}
      <Document
        file={file}
        options={OPTIONS}
        onLoadSuccess={async (pdf) => {
          pdfRef.current = pdf;
          const first = await pdf.getPage(1);
          const view = first.getViewport({ scale: 1 });
          setRatio(view.height / view.width);
          setPages(pdf.numPages);
        }}
        onLoadError={() => setFailed(true)}
        loading={
          // As the loader's (document-text-pane's Loading, the first view's): the same words no
          // larger, so the page's largest paint is not drawn again later.
          <div className="flex flex-1 items-center justify-center gap-2 p-8 text-sm text-muted">
            <Spinner /> {t("documents.opening", { name: title })}
          </div>
        }
        error={null}
        className="relative flex min-h-0 flex-1"
      >
        {thumbs && pages > 0 ? (
          <PdfThumbnails
            pages={pages}
            ratio={ratio}
            current={current}
            onSelect={goTo}
            onClose={() => setThumbs(false)}
          />
        ) : null}
        {outline ? (
          <nav
            aria-label={t("documents.toolbar.outline")}
            className="w-56 shrink-0 overflow-y-auto border-e border-border bg-surface p-2 text-sm [&_a]:block [&_a]:rounded [&_a]:px-2 [&_a]:py-1 [&_a:hover]:bg-surface-2 [&_ul_ul]:ps-3"
          >
            {noOutline ? (
              <p className="p-2 text-muted">{t("documents.pdf.noOutline")}</p>
            ) : (
              <Outline
                onItemClick={({ pageNumber }) => goTo(pageNumber)}
                onLoadSuccess={(items) => setNoOutline(!items || items.length === 0)}
              />
            )}
          </nav>
        ) : null}
        <div
          ref={scroller}
          className="min-h-0 flex-1 overflow-auto px-4 py-4"
          data-testid="pdf-pages"
          tabIndex={-1}
        >
          <div ref={content}>
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <section
                data-bands={bands.get(n)?.length ? "" : undefined}
                key={n}
                data-page={n}
                aria-label={t("documents.page", { page: formatNumber(n) })}
                className="relative mx-auto mb-4 bg-white shadow-sm"
                style={{ width: pageWidth, minHeight: pageHeight }}
              >
                {visible.has(n) ? (
                  <Page
                    pageNumber={n}
                    width={pageWidth}
                    renderAnnotationLayer={false}
                    customTextRenderer={renderer(n)}
                    onGetTextSuccess={(content) => void onText(n, content.items as LayerItem[])}
                    onRenderTextLayerSuccess={() => onTextRendered(n)}
                    loading={<div style={{ height: pageHeight }} />}
                  />
                ) : null}
                {visible.has(n) && bands.get(n)?.length ? (
                  <PageBands bands={bands.get(n) ?? []} />
                ) : null}
                {visible.has(n) && active && ocrBoxes?.has(n) ? (
                  <OcrMarks
                    boxes={ocrBoxes.get(n) ?? []}
                    ranges={active.ranges}
                    page={n}
                    onShown={(mark) =>
                      scrollPaneTo(
                        scroller.current,
                        mark,
                        (scroller.current?.clientHeight ?? 0) / 3,
                      )
                    }
                  />
                ) : null}
              </section>
            ))}
          </div>
        </div>
      </Document>
      {failed ? (
        <p role="alert" className="p-6 text-center text-sm text-danger">
          {t("documents.pdf.failed")}
        </p>
      ) : null}
    </div>
  );
}

/** A page's highlight bands, over its canvas (multiplied, so the text stays readable). */
function PageBands({ bands }: { bands: readonly Band[] }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0"
      data-testid="pdf-bands"
    >
      {bands.map((b) => (
        <div
          key={`${b.left},${b.top},${b.width}`}
          className={b.current ? "pdf-band pdf-band-current" : "pdf-band"}
          style={{ left: b.left, top: b.top, width: b.width, height: b.height }}
        />
      ))}
    </div>
  );
}
