import { clsx } from "clsx";
import { ChevronDown, ChevronUp, Minus, Plus, Search, X } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { formatNumber, formatPercent } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";
import { useMediaQuery } from "@/lib/use-media-query.ts";
import { stepZoom } from "../lib/zoom.ts";

/**
 * The office and text views' toolbar: find with a count ("2 of 7", next and previous, Enter and
 * Shift+Enter, Ctrl+F or ⌘F in the view focuses it) and zoom (75–200 %; pinching zooms too).
 * `label` says where the cited passage is ("Sheet 1, rows 1–11"). On a phone the toolbar is one
 * row: find opens from its icon (and then takes the row), zoom otherwise.
 */

export const ZOOMS = [0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;

export interface FindState {
  query: string;
  setQuery: (query: string) => void;
  count: number;
  /** 0-based; -1: no match. */
  index: number;
  step: (by: 1 | -1) => void;
}

export function useFindState(): Pick<FindState, "query" | "setQuery"> & {
  index: number;
  setIndex: (index: number | ((i: number) => number)) => void;
} {
  const [query, setQueryState] = useState("");
  const [index, setIndex] = useState(0);
  const setQuery = useCallback((q: string) => {
    setQueryState(q);
    setIndex(0);
  }, []);
  return { query, setQuery, index, setIndex };
}

/** Ctrl+F / ⌘F inside `scope` focuses the find box instead of the browser's find. */
function useFindShortcut(
  scope: RefObject<HTMLElement | null>,
  input: RefObject<HTMLInputElement | null>,
  open: () => void,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "f") return;
      const root = scope.current;
      if (!root || !(event.target instanceof Node) || !root.contains(event.target)) return;
      event.preventDefault();
      open();
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.select();
      });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [scope, input, open]);
}

/** A phone: the toolbar keeps to one row. */
const PHONE_QUERY = "(max-width: 639px)";

export function ViewToolbar({
  find,
  zoom,
  setZoom,
  label,
  scope,
  extra,
}: {
  find: FindState;
  zoom: number;
  setZoom: (zoom: number) => void;
  label: string | null;
  scope: RefObject<HTMLElement | null>;
  /** More controls before zoom (an e-book's chapter list). */
  extra?: ReactNode;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const [findOpen, setFindOpen] = useState(false);
  const openFind = useCallback(() => setFindOpen(true), []);
  useFindShortcut(scope, input, openFind);
  const showFind = !phone || findOpen;
  const status = !find.query.trim()
    ? ""
    : find.count === 0
      ? t("documents.find.none")
      : t("documents.find.count", {
          index: formatNumber(find.index + 1),
          count: formatNumber(find.count),
        });
  return (
    <div
      className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-border bg-surface px-2 py-1"
      data-testid="document-view-toolbar"
    >
      {phone && !findOpen ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("documents.find.open")}
          aria-expanded={false}
          data-testid="document-find-open"
          onClick={() => {
            setFindOpen(true);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          <Search className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {showFind ? (
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <Search aria-hidden className="size-4 shrink-0 text-muted max-sm:hidden" />
          <input
            ref={input}
            type="search"
            value={find.query}
            onChange={(e) => find.setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                find.step(e.shiftKey ? -1 : 1);
              }
            }}
            placeholder={t("documents.find.open")}
            aria-label={t("documents.find.placeholder")}
            className="h-8 w-full min-w-0 max-w-56 rounded-md border border-border bg-surface-2 px-2 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="document-find-input"
          />
          <span
            className="shrink-0 text-xs tabular-nums text-muted"
            aria-live="polite"
            data-testid="document-find-count"
          >
            {status}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("documents.find.previous")}
            disabled={find.count === 0}
            onClick={() => find.step(-1)}
          >
            <ChevronUp className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("documents.find.next")}
            disabled={find.count === 0}
            onClick={() => find.step(1)}
          >
            <ChevronDown className="size-4" />
          </Button>
          {phone ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("documents.find.close")}
              onClick={() => {
                setFindOpen(false);
                find.setQuery("");
              }}
            >
              <X className="size-4" />
            </Button>
          ) : null}
        </div>
      ) : null}
      {showFind && phone ? null : (
        <div className={clsx("flex items-center gap-1", phone && "ml-auto")}>
          {extra}
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("documents.zoomOut")}
            disabled={zoom <= ZOOMS[0]}
            onClick={() => setZoom(stepZoom(ZOOMS, zoom, -1))}
          >
            <Minus className="size-4" />
          </Button>
          <span
            className="w-11 text-center text-xs tabular-nums text-muted"
            data-testid="document-zoom"
          >
            {formatPercent(zoom)}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("documents.zoomIn")}
            disabled={zoom >= (ZOOMS.at(-1) ?? 2)}
            onClick={() => setZoom(stepZoom(ZOOMS, zoom, 1))}
          >
            <Plus className="size-4" />
          </Button>
        </div>
      )}
      {label ? (
        <p
          className="w-full truncate pb-0.5 text-xs font-medium text-fg"
          data-testid="document-highlight-label"
        >
          <span className="doc-highlight-swatch me-1.5 inline-block size-2.5 rounded-sm align-middle" />
          {label === "Text"
            ? t("documents.cited.passage")
            : t("documents.cited.at", { label: placeLabel(label) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Find over the text under `root` (a slide, a formatted document, a text view): the matches are
 * painted with the CSS Custom Highlight API (no DOM change under React), the current one in its own
 * colour and scrolled into view within `scroller`.
 */
export function useDomFind(
  root: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null>,
  contentKey: unknown,
): FindState {
  const { query, setQuery, index, setIndex } = useFindState();
  const [ranges, setRanges] = useState<Range[]>([]);
  useEffect(() => {
    const el = root.current;
    const needle = query.trim().toLocaleLowerCase();
    void contentKey;
    if (!el || !needle) {
      setRanges([]);
      return;
    }
    const found: Range[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 5_000; node = walker.nextNode()) {
      const text = (node.nodeValue ?? "").toLocaleLowerCase();
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        found.push(range);
      }
    }
    setRanges(found);
  }, [root, query, contentKey]);
  const current = ranges.length ? Math.min(index, ranges.length - 1) : -1;
  useEffect(() => {
    const registry = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> })
      ?.highlights;
    const HighlightCtor = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown })
      .Highlight;
    if (registry && HighlightCtor) {
      registry.set("doc-find", new HighlightCtor(...ranges.filter((_, i) => i !== current)));
      const now = ranges[current];
      if (now) registry.set("doc-find-current", new HighlightCtor(now));
      else registry.delete("doc-find-current");
    }
    const now = ranges[current];
    const pane = scroller.current;
    if (now && pane) {
      const top = now.getBoundingClientRect().top - pane.getBoundingClientRect().top;
      if (top < 0 || top > pane.clientHeight - 24) pane.scrollTop += top - pane.clientHeight / 3;
    }
    return () => {
      registry?.delete("doc-find");
      registry?.delete("doc-find-current");
    };
  }, [ranges, current, scroller]);
  const step = useCallback(
    (by: 1 | -1) => {
      if (ranges.length === 0) return;
      setIndex((i) => (i + by + ranges.length) % ranges.length);
    },
    [ranges.length, setIndex],
  );
  return { query, setQuery, count: ranges.length, index: current, step };
}
