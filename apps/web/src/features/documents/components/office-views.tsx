import type { DocumentText, PageRange, SheetView, SlideView } from "@nexus/contracts";
import { clsx } from "clsx";
import { useEffect, useMemo, useRef, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import {
  type CellMatch,
  columnName,
  findInSheet,
  markedRows,
  overlaps,
  visibleRows,
} from "../lib/office-view.ts";
import type { FindState } from "./view-toolbar.tsx";

/**
 * The office views (issue 41): a spreadsheet as a grid per sheet (typed cells, a frozen header
 * row, virtualised rows) and a presentation slide by slide (tables as tables); a DOCX's formatted
 * text is `formatted-page.tsx`. A citation marks the rows or blocks its ranges cover in the one
 * highlight style (`doc-highlight`). Everything is React elements from data: no HTML string.
 */

type Page = DocumentText["pages"][number];

const ROW_HEIGHT = 28;

/** Column widths in px at zoom 1, from the first rows' text lengths. */
function columnWidths(view: SheetView): number[] {
  const widths = Array.from({ length: view.columns }, () => 64);
  for (const row of view.rows.slice(0, 300))
    row.c.forEach((cell, i) => {
      if (cell) widths[i] = Math.max(widths[i] ?? 64, Math.min(320, cell.v.length * 7.5 + 20));
    });
  return widths;
}

/** The find state of a grid: every matching cell of the sheet, the current one scrolled to. */
export function useSheetFind(view: SheetView | undefined): FindState & { matches: CellMatch[] } {
  const [query, setQueryState] = useState("");
  const [index, setIndex] = useState(0);
  const matches = useMemo(() => (view ? findInSheet(view, query) : []), [view, query]);
  return {
    query,
    setQuery: (q) => {
      setQueryState(q);
      setIndex(0);
    },
    count: matches.length,
    index: matches.length ? Math.min(index, matches.length - 1) : -1,
    step: (by) => {
      if (matches.length) setIndex((i) => (i + by + matches.length) % matches.length);
    },
    matches,
  };
}

export function SheetGrid({
  page,
  view,
  ranges,
  zoom,
  find,
  highlightKey,
}: {
  page: Page;
  view: SheetView;
  ranges: readonly PageRange[];
  zoom: number;
  find: { matches: CellMatch[]; index: number };
  highlightKey: string | null;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const rowHeight = Math.round(ROW_HEIGHT * zoom);
  const widths = useMemo(() => columnWidths(view), [view]);
  // The first row is the header (frozen) when the sheet has more than one.
  const header = view.rows.length > 1 ? view.rows[0] : undefined;
  const body = header ? view.rows.slice(1) : view.rows;
  const offset = header ? 1 : 0;
  const marked = useMemo(() => markedRows(view, ranges), [view, ranges]);
  const matchAt = useMemo(() => {
    const set = new Set(find.matches.map((m) => `${m.row}:${m.col}`));
    return set;
  }, [find.matches]);
  const current = find.index >= 0 ? find.matches[find.index] : undefined;
  const [first, last] = visibleRows({
    scrollTop: scroll.top,
    height: scroll.height,
    rowHeight,
    count: body.length,
  });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => setScroll({ top: el.scrollTop, height: el.clientHeight });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // A citation (or a find match) scrolls its row to a third of the view.
  const goTo = (rowIndex: number) => {
    const el = scroller.current;
    if (!el) return;
    const bodyIndex = rowIndex - offset;
    if (bodyIndex < 0) return;
    const top = bodyIndex * rowHeight;
    if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - rowHeight * 2)
      el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new highlight (its key) scrolls to it
  useEffect(() => {
    const firstMarked = Math.min(...marked);
    if (Number.isFinite(firstMarked)) goTo(firstMarked);
  }, [highlightKey, marked]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current match scrolls into view
  useEffect(() => {
    if (current) goTo(current.row);
  }, [current]);
  const fontSize = `${13 * zoom}px`;
  const rowNumberWidth = Math.round(48 * zoom);
  const row = (rowIndex: number, data: SheetView["rows"][number], head: boolean) => {
    const Cell = head ? "th" : "td";
    return (
      <tr
        key={data.r}
        data-row={data.r}
        data-marked={marked.has(rowIndex) ? "true" : undefined}
        className={clsx(marked.has(rowIndex) && "doc-highlight")}
        style={{ height: rowHeight }}
      >
        <th
          scope="row"
          className={clsx(
            "sticky left-0 z-[1] border-r border-b border-border px-1 text-right font-normal tabular-nums",
            marked.has(rowIndex)
              ? "doc-highlight-block bg-surface-2 text-fg"
              : "bg-surface-2 text-muted",
          )}
        >
          {data.r}
        </th>
        {Array.from({ length: view.columns }, (_, col) => {
          const value = data.c[col];
          const key = `${rowIndex}:${col}`;
          const isCurrent = current?.row === rowIndex && current.col === col;
          return (
            <Cell
              // biome-ignore lint/suspicious/noArrayIndexKey: a column's position is its identity
              key={col}
              {...(head ? { scope: "col" } : {})}
              title={value && value.v.length > 30 ? value.v : undefined}
              data-type={value?.t}
              dir="auto"
              className={clsx(
                "truncate border-r border-b border-border px-2 text-left",
                head ? "bg-surface-2 font-semibold" : "font-normal",
                marked.has(rowIndex) && "doc-highlight-text",
                (value?.t === "n" || value?.t === "d") && "text-right tabular-nums",
                value?.t === "e" && "text-danger",
                matchAt.has(key) && "doc-find-cell",
                isCurrent && "doc-find-cell-current",
              )}
            >
              {value?.v ?? ""}
            </Cell>
          );
        })}
      </tr>
    );
  };
  return (
    <div
      ref={scroller}
      className="relative min-h-0 flex-1 overflow-auto bg-surface"
      onScroll={(e) =>
        setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })
      }
      data-testid="sheet-grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls by keyboard
      tabIndex={0}
    >
      {view.rows.length === 0 ? (
        <p className="p-6 text-sm text-muted">{t("documents.sheetEmpty")}</p>
      ) : (
        <table
          // A sheet keeps column A at the left in every interface language; a cell's text
          // takes its own direction.
          dir="ltr"
          aria-label={page.label}
          aria-rowcount={view.rows.length}
          className="table-fixed border-separate border-spacing-0 text-fg"
          style={{ fontSize, width: "max-content" }}
        >
          <colgroup>
            <col style={{ width: rowNumberWidth }} />
            {widths.map((w, col) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns
              <col key={col} style={{ width: Math.round(w * zoom) }} />
            ))}
          </colgroup>
          <thead className="sticky top-0 z-[2] bg-surface-2">
            <tr className="text-muted" style={{ height: Math.round(22 * zoom) }}>
              <td className="sticky left-0 border-r border-b border-border bg-surface-2" />
              {widths.map((_, col) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: column letters
                <td key={col} className="border-r border-b border-border text-center text-xs">
                  {columnName(col)}
                </td>
              ))}
            </tr>
            {header ? row(0, header, true) : null}
          </thead>
          <tbody>
            {first > 0 ? <tr aria-hidden style={{ height: first * rowHeight }} /> : null}
            {body.slice(first, last).map((data, i) => row(first + i + offset, data, false))}
            {last < body.length ? (
              <tr aria-hidden style={{ height: (body.length - last) * rowHeight }} />
            ) : null}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** A slide: its title, paragraphs, tables and notes; blocks a citation covers are marked. */
export function Slide({
  page,
  view,
  ranges,
}: {
  page: Page;
  view: SlideView;
  ranges: readonly PageRange[];
}) {
  const t = useT();
  return (
    <article
      aria-label={page.label}
      className="mx-auto mb-6 max-w-3xl rounded-xl border border-border bg-surface p-6 shadow-xs"
      data-testid="slide"
    >
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">
        {page.label}
      </h2>
      {view.blocks.length === 0 ? (
        <p className="text-sm text-muted">{t("documents.slideEmpty")}</p>
      ) : null}
      {view.blocks.map((block, i) => {
        if (block.k === "table")
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
            <table key={i} className="my-3 w-full border-collapse text-start text-sm">
              <tbody>
                {block.rows.map((row) => (
                  <tr
                    key={row.s}
                    className={clsx(
                      "border-b border-border",
                      overlaps(row.s, row.e, ranges) && "doc-highlight doc-highlight-block",
                    )}
                  >
                    {row.c.map((c, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells keep their order
                      <td key={j} className="border border-border px-2 py-1 align-top">
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        const mark = overlaps(block.s, block.e, ranges)
          ? "doc-highlight doc-highlight-block"
          : undefined;
        if (block.k === "title")
          return (
            <h3 key={block.s} className={clsx("mb-3 text-xl font-semibold text-fg", mark)}>
              {block.text}
            </h3>
          );
        if (block.k === "notes")
          return (
            <p
              key={block.s}
              className={clsx("mt-4 border-t border-border pt-3 text-sm text-muted", mark)}
            >
              <span className="font-medium">{t("documents.slideNotes")} </span>
              {block.text}
            </p>
          );
        return (
          <p key={block.s} className={clsx("my-1.5 text-sm leading-relaxed text-fg", mark)}>
            {block.text}
          </p>
        );
      })}
    </article>
  );
}
