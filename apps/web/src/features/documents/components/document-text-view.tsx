import type { DocumentText, PageRange } from "@nexus/contracts";
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";
import { highlightLabel, viewKind } from "../lib/office-view.ts";
import { ChapterNav } from "./chapter-nav.tsx";
import { FormattedPage } from "./formatted-page.tsx";
import { SheetGrid, Slide, useSheetFind } from "./office-views.tsx";
import type { DocumentHighlight } from "./pdf-viewer.tsx";
import { usePinchZoom } from "./use-pinch-zoom.ts";
import { useDomFind, ViewToolbar, ZOOMS } from "./view-toolbar.tsx";

const MIN_ZOOM = ZOOMS[0];
const MAX_ZOOM = ZOOMS.at(-1) ?? 2;

/**
 * The highlight's ranges on one page; with a quote found as it is inside a range (a research
 * note's link to its passage), the quote's own characters instead of the whole range.
 */
export function rangesOnPage(
  highlight: DocumentHighlight | null,
  page: { page: number; text: string },
): PageRange[] {
  const ranges = highlight?.ranges.filter((r) => r.page === page.page) ?? [];
  const quote = highlight?.quote?.trim();
  if (!quote) return ranges;
  return ranges.map((r) => {
    const at = page.text.slice(r.start, r.end).indexOf(quote);
    return at < 0 ? r : { page: r.page, start: r.start + at, end: r.start + at + quote.length };
  });
}

/** A line of a sheet or table: cells separated by tabs. */
const isRow = (line: string) => line.includes("\t");

/** `text` (the page's [from, to)) in parts, the highlight's ranges on this page marked. */
function marked(text: string, from: number, to: number, ranges: readonly PageRange[]) {
  const cuts = ranges
    .map((r) => [Math.max(r.start, from), Math.min(r.end, to)] as const)
    .filter(([a, b]) => a < b)
    .sort((a, b) => a[0] - b[0]);
  const out: Array<{ text: string; mark: boolean }> = [];
  let at = from;
  // `text` starts at page offset `from`.
  const piece = (a: number, b: number) => text.slice(a - from, b - from);
  for (const [a, b] of cuts) {
    if (a < at) continue;
    if (a > at) out.push({ text: piece(at, a), mark: false });
    out.push({ text: piece(a, b), mark: true });
    at = b;
  }
  if (at < to) out.push({ text: piece(at, to), mark: false });
  return out;
}

function Line({ text, start, ranges }: { text: string; start: number; ranges: PageRange[] }) {
  const parts = marked(text, start, start + text.length, ranges).map((p, i) => ({
    ...p,
    text: p.text,
    key: i,
  }));
  return (
    <>
      {parts.map((p) =>
        p.mark ? (
          <mark key={p.key} className="doc-highlight doc-highlight-text rounded-sm">
            {p.text}
          </mark>
        ) : (
          <span key={p.key}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** The plain text pages (HTML, EPUB, text, Markdown, and files read before office views). */
function TextPages({
  text,
  highlight,
}: {
  text: DocumentText;
  highlight: DocumentHighlight | null;
}) {
  const t = useT();
  return (
    <>
      {text.pages.map((page) => {
        const ranges = rangesOnPage(highlight, page);
        return (
          <article
            key={page.page}
            aria-label={placeLabel(page.label, page.page)}
            className="mx-auto mb-4 max-w-3xl rounded-xl border border-border bg-surface p-6 shadow-xs"
          >
            {text.pages.length > 1 || page.label !== "Text" ? (
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">
                {page.ocr
                  ? t("documents.pageOcr", { label: placeLabel(page.label, page.page) })
                  : placeLabel(page.label, page.page)}
              </h2>
            ) : null}
            {page.passages.map((passage) => {
              const body = page.text.slice(passage.start, passage.end);
              const lines = body.split("\n");
              let offset = passage.start;
              const rows = lines.every((l) => l === "" || isRow(l)) && lines.some(isRow);
              return (
                <section
                  key={passage.ordinal}
                  id={`passage-${passage.ordinal}`}
                  className="text-sm leading-relaxed break-words text-fg"
                >
                  {rows ? (
                    <table className="my-2 w-full border-collapse text-start text-xs">
                      <tbody>
                        {lines.map((line) => {
                          const start = offset;
                          offset += line.length + 1;
                          if (!line) return null;
                          let cellStart = start;
                          return (
                            <tr key={start} className="border-b border-border">
                              {line.split("\t").map((cell) => {
                                const at = cellStart;
                                cellStart += cell.length + 1;
                                return (
                                  <td key={at} className="px-2 py-1 align-top">
                                    <Line text={cell} start={at} ranges={ranges} />
                                  </td>
                                );
                              })}
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  ) : (
                    lines.map((line) => {
                      const start = offset;
                      offset += line.length + 1;
                      return line.trim() ? (
                        <p key={start} className="my-1.5 whitespace-pre-wrap">
                          <Line text={line} start={start} ranges={ranges} />
                        </p>
                      ) : null;
                    })
                  )}
                </section>
              );
            })}
          </article>
        );
      })}
    </>
  );
}

/** The label of the highlighted place ("Sheet 1, rows 1–11", "Slide 3"), or null. */
function labelOf(text: DocumentText, highlight: DocumentHighlight | null, csv: boolean) {
  const range = highlight?.ranges[0];
  const page = range ? text.pages.find((p) => p.page === range.page) : undefined;
  if (!page || !highlight) return null;
  if (highlight.label) return highlight.label;
  return highlightLabel(page, rangesOnPage(highlight, page), csv);
}

/** A spreadsheet: a tab per sheet (the cited one opens), its grid, find over its cells. */
function SheetsView({
  text,
  highlight,
  csv,
  zoom,
  setZoom,
}: {
  text: DocumentText;
  highlight: DocumentHighlight | null;
  csv: boolean;
  zoom: number;
  setZoom: (zoom: number) => void;
}) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(text.pages[0]?.page ?? 1);
  useEffect(() => {
    const page = highlight?.ranges[0]?.page;
    if (page !== undefined) setActive(page);
  }, [highlight]);
  const page = text.pages.find((p) => p.page === active) ?? text.pages[0];
  const view = page?.view?.type === "sheet" ? page.view : undefined;
  const find = useSheetFind(view);
  const grid = useRef<HTMLDivElement>(null);
  usePinchZoom({ pane: grid, content: grid, zoom, setZoom, min: MIN_ZOOM, max: MAX_ZOOM });
  return (
    <div ref={root} className="flex h-full min-h-0 flex-col" data-testid="document-text">
      <ViewToolbar
        find={find}
        zoom={zoom}
        setZoom={setZoom}
        label={labelOf(text, highlight, csv)}
        scope={root}
      />
      {text.pages.length > 1 ? (
        <div
          role="tablist"
          aria-label={t("documents.sheets")}
          className="flex shrink-0 gap-1 overflow-x-auto border-b border-border bg-surface-2 px-2 pt-1"
        >
          {text.pages.map((p) => (
            <button
              key={p.page}
              type="button"
              role="tab"
              aria-selected={p.page === active}
              onClick={() => setActive(p.page)}
              className={clsx(
                "shrink-0 rounded-t-md border border-b-0 px-3 py-1 text-xs",
                p.page === active
                  ? "border-border bg-surface font-semibold text-fg"
                  : "border-transparent text-muted hover:text-fg",
              )}
            >
              {p.view?.type === "sheet" && p.view.name ? p.view.name : placeLabel(p.label, p.page)}
            </button>
          ))}
        </div>
      ) : null}
      <div ref={grid} className="flex min-h-0 flex-1 flex-col">
        {page && view ? (
          <SheetGrid
            key={page.page}
            page={page}
            view={view}
            ranges={rangesOnPage(highlight, page)}
            zoom={zoom}
            find={find}
            highlightKey={highlight?.key ?? null}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A Word, PowerPoint, Excel, EPUB, HTML, Markdown or text document. With its office view (issue
 * 41): a spreadsheet as grids, a presentation slide by slide, a DOCX as formatted text; else its
 * parsed text, pages (slides, sheets, chapters) with their label, each passage an anchor
 * (`passage-<ordinal>`). React elements only, never an HTML string: nothing in it runs. Find and
 * zoom in every view; a citation marks its rows or blocks (`doc-highlight`) and scrolls to them.
 */
export function DocumentTextView({
  text,
  highlight,
  kind,
}: {
  text: DocumentText;
  highlight: DocumentHighlight | null;
  /** The file's kind (a CSV's rows are labelled without a sheet). */
  kind?: string;
}) {
  const [zoom, setZoom] = useState(1);
  const type = viewKind(text);
  if (type === "sheet")
    return (
      <SheetsView
        text={text}
        highlight={highlight}
        csv={kind === "csv"}
        zoom={zoom}
        setZoom={setZoom}
      />
    );
  return <FlowView text={text} highlight={highlight} type={type} zoom={zoom} setZoom={setZoom} />;
}

function FlowView({
  text,
  highlight,
  type,
  zoom,
  setZoom,
}: {
  text: DocumentText;
  highlight: DocumentHighlight | null;
  type: "slide" | "html" | "text";
  zoom: number;
  setZoom: (zoom: number) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const find = useDomFind(content, pane, text);
  usePinchZoom({ pane, content, zoom, setZoom, min: MIN_ZOOM, max: MAX_ZOOM });
  // An e-book: by chapter, with a list of them; a chapter without text (a cover) is left out.
  const chapters =
    type === "html" && text.pages.length > 1 ? text.pages.filter((p) => p.text.trim()) : null;
  useEffect(() => {
    if (!highlight) return;
    const scroller = pane.current;
    const mark = scroller?.querySelector(".doc-highlight");
    if (!scroller || !mark) return;
    // Only this pane scrolls (scrollIntoView would move the whole page too).
    scroller.scrollTop +=
      mark.getBoundingClientRect().top -
      scroller.getBoundingClientRect().top -
      scroller.clientHeight / 3;
  }, [highlight]);
  return (
    <div ref={root} className="flex h-full min-h-0 flex-col">
      <ViewToolbar
        find={find}
        zoom={zoom}
        setZoom={setZoom}
        label={labelOf(text, highlight, false)}
        scope={root}
        extra={chapters ? <ChapterNav pages={chapters} pane={pane} /> : null}
      />
      <div
        ref={pane}
        className="min-h-0 flex-1 overflow-y-auto bg-surface-2 px-4 py-4"
        data-testid="document-text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the pane scrolls by keyboard
        tabIndex={0}
      >
        <div ref={content} style={{ zoom }} data-testid="document-content">
          {type === "slide" ? (
            text.pages.map((page) =>
              page.view?.type === "slide" ? (
                <Slide
                  key={page.page}
                  page={page}
                  view={page.view}
                  ranges={rangesOnPage(highlight, page)}
                />
              ) : null,
            )
          ) : type === "html" ? (
            (chapters ?? text.pages).map((page) =>
              page.view?.type === "html" ? (
                <div key={page.page} data-chapter={page.page}>
                  <FormattedPage
                    page={page}
                    nodes={page.view.nodes}
                    ranges={rangesOnPage(highlight, page)}
                  />
                </div>
              ) : null,
            )
          ) : (
            <TextPages text={text} highlight={highlight} />
          )}
        </div>
      </div>
    </div>
  );
}
