import type { PageRange } from "@nexus/contracts";
import { ChevronDown, ChevronUp, X } from "lucide-react";
import { type RefObject, useCallback, useMemo, useRef, useState } from "react";
import type { pdfjs } from "react-pdf";
import { Button } from "@/components/ui/button.tsx";
import { formatNumber } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { layerText } from "../lib/pdf-highlight.ts";
import { rawItems } from "./pdf-pane.ts";

/**
 * Find in a PDF, as a desktop reader does: every match in the document counted ("3 of 12") and
 * highlighted, the current one in its own colour, next and previous across pages (Enter,
 * Shift+Enter), starting from the page in view. Page texts are read once (the same raw text a
 * citation's ranges index: pdf-highlight.ts layerText), a few pages at a time.
 */

/** Matches kept at most (a one-letter search in a long PDF). */
const MAX_MATCHES = 2_000;
const BATCH = 12;

export interface PdfFind {
  query: string;
  setQuery: (query: string) => void;
  matches: readonly PageRange[];
  index: number;
  state: "idle" | "searching" | "done";
  /** Searches (a new query) or goes to the next match (the same one). */
  submit: (fromPage: number) => Promise<void>;
  step: (by: 1 | -1) => void;
  clear: () => void;
  /** The highlight to draw: every match, and the current one. */
  highlight: { ranges: PageRange[]; quote: null; key: string } | null;
  current: PageRange | null;
}

export function usePdfFind(pdf: RefObject<pdfjs.PDFDocumentProxy | null>): PdfFind {
  const [query, setQueryState] = useState("");
  const [matches, setMatches] = useState<PageRange[]>([]);
  const [index, setIndex] = useState(0);
  const [state, setState] = useState<PdfFind["state"]>("idle");
  const searched = useRef<string | null>(null);
  const texts = useRef(new Map<number, string>());
  const generation = useRef(0);

  const pageText = useCallback(async (doc: pdfjs.PDFDocumentProxy, n: number) => {
    const known = texts.current.get(n);
    if (known !== undefined) return known;
    const items = await rawItems(doc, n);
    const text = items ? layerText(items).text.toLowerCase() : "";
    texts.current.set(n, text);
    return text;
  }, []);

  const submit = useCallback(
    async (fromPage: number) => {
      const doc = pdf.current;
      const needle = query.trim().toLowerCase();
      if (!doc || !needle) return;
      if (searched.current === needle && matches.length > 0) {
        setIndex((i) => (i + 1) % matches.length);
        return;
      }
      const run = ++generation.current;
      searched.current = needle;
      setState("searching");
      const found: PageRange[] = [];
      for (let first = 1; first <= doc.numPages && found.length < MAX_MATCHES; first += BATCH) {
        const pages = Array.from(
          { length: Math.min(BATCH, doc.numPages - first + 1) },
          (_, i) => first + i,
        );
        const read = await Promise.all(pages.map((n) => pageText(doc, n)));
        if (run !== generation.current) return;
        read.forEach((text, i) => {
          const page = pages[i] as number;
          for (let at = text.indexOf(needle); at >= 0 && found.length < MAX_MATCHES; ) {
            found.push({ page, start: at, end: at + needle.length });
            at = text.indexOf(needle, at + needle.length);
          }
        });
      }
      const start = found.findIndex((m) => m.page >= fromPage);
      setMatches(found);
      setIndex(start >= 0 ? start : 0);
      setState("done");
    },
    [pdf, query, matches.length, pageText],
  );

  const step = useCallback(
    (by: 1 | -1) => {
      if (matches.length === 0) return;
      setIndex((i) => (i + by + matches.length) % matches.length);
    },
    [matches.length],
  );

  const clear = useCallback(() => {
    generation.current++;
    searched.current = null;
    setMatches([]);
    setIndex(0);
    setState("idle");
  }, []);

  const setQuery = useCallback(
    (next: string) => {
      setQueryState(next);
      if (next.trim().toLowerCase() !== searched.current) clear();
    },
    [clear],
  );

  const current = matches[index] ?? null;
  const highlight = useMemo(
    () =>
      matches.length > 0
        ? { ranges: matches, quote: null, key: `find-${searched.current}-${index}` }
        : null,
    [matches, index],
  );
  return { query, setQuery, matches, index, state, submit, step, clear, highlight, current };
}

/** The find box: its input, the count ("3 of 12", "No matches") and previous / next. */
export function PdfFindBar({
  find,
  inputRef,
  currentPage,
  onClose,
}: {
  find: PdfFind;
  inputRef: RefObject<HTMLInputElement | null>;
  currentPage: number;
  /** Closes the find row (Escape, its close button); the matches go with it. */
  onClose: () => void;
}) {
  const t = useT();
  const { matches, index, state } = find;
  const status =
    state === "searching"
      ? t("documents.find.searching")
      : state === "done"
        ? matches.length > 0
          ? t("documents.find.count", {
              index: formatNumber(index + 1),
              count: formatNumber(matches.length),
            })
          : t("documents.find.none")
        : "";
  return (
    <search className="flex min-w-0 items-center">
      <form
        className="flex min-w-0 items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          void find.submit(currentPage);
        }}
      >
        <input
          ref={inputRef}
          type="search"
          value={find.query}
          onChange={(e) => find.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && e.shiftKey) {
              e.preventDefault();
              find.step(-1);
            } else if (e.key === "Escape") {
              e.preventDefault();
              onClose();
            }
          }}
          placeholder={t("documents.find.placeholder")}
          aria-label={t("documents.find.placeholder")}
          className="h-8 w-44 min-w-0 rounded-md border border-border bg-surface px-2 text-fg sm:w-56"
        />
        <span
          className="min-w-16 whitespace-nowrap text-center text-xs tabular-nums text-muted"
          aria-live="polite"
          data-testid="find-count"
        >
          {status}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t("documents.find.previous")}
          disabled={matches.length === 0}
          onClick={() => find.step(-1)}
        >
          <ChevronUp className="size-4" aria-hidden="true" />
        </Button>
        <Button type="submit" variant="ghost" size="icon" aria-label={t("documents.find.next")}>
          <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t("documents.find.close")}
          onClick={onClose}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </form>
    </search>
  );
}
