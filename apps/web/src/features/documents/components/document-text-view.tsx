import type { DocumentText, PageRange } from "@nexus/contracts";
import { useEffect, useRef } from "react";
import type { DocumentHighlight } from "./pdf-viewer.tsx";

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
          <mark key={p.key} className="doc-highlight rounded-sm bg-accent-soft text-fg">
            {p.text}
          </mark>
        ) : (
          <span key={p.key}>{p.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A Word, PowerPoint, Excel, EPUB, HTML, Markdown or text document as its parsed text: pages
 * (slides, sheets, chapters) with their label, lines of tab-separated cells as tables, each passage
 * an anchor (`passage-<ordinal>`). Rendered as React text, never as HTML: nothing in it runs. A
 * citation marks its ranges and scrolls to them.
 */
export function DocumentTextView({
  text,
  highlight,
}: {
  text: DocumentText;
  highlight: DocumentHighlight | null;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!highlight) return;
    const pane = root.current;
    const mark = pane?.querySelector("mark.doc-highlight");
    if (!pane || !mark) return;
    // Only this pane scrolls (scrollIntoView would move the whole page too).
    pane.scrollTop +=
      mark.getBoundingClientRect().top - pane.getBoundingClientRect().top - pane.clientHeight / 3;
  }, [highlight]);
  return (
    <div
      ref={root}
      className="h-full overflow-y-auto bg-surface-2 px-4 py-4"
      data-testid="document-text"
    >
      {text.pages.map((page) => {
        const ranges = rangesOnPage(highlight, page);
        return (
          <article
            key={page.page}
            aria-label={page.label}
            className="mx-auto mb-4 max-w-3xl rounded-xl border border-border bg-surface p-6 shadow-xs"
          >
            {text.pages.length > 1 || page.label !== "Text" ? (
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">
                {page.label}
                {page.ocr ? " · text read by OCR" : ""}
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
                    <table className="my-2 w-full border-collapse text-left text-xs">
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
    </div>
  );
}
