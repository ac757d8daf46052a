import {
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import type { CitationPanelRequest } from "@/components/chat/citation/citation-panel-context.ts";
import { needCatalogue } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";

// The document viewer's code (react-pdf, pdf.js, the office views) comes with the first file
// citation opened, never with the /app shell.
// Its messages (the documents catalogue part) come with it.
const LazyCitationPanel = lazyComponent(() =>
  Promise.all([
    import("@/features/documents/components/citation-panel.tsx"),
    needCatalogue("documents"),
  ]).then(([m]) => m.CitationPanel),
);

/**
 * The /app screens' panel beside the reading: a file citation asks for it (CitationPanelContext);
 * the shell leaves it room on a wide screen, and the chip that asked stays where it was on screen.
 * It closes on Escape, Close, or when the screen changes.
 */
export function useCitationPanelHost(): {
  open: (request: CitationPanelRequest) => void;
  panel: ReactNode;
  isOpen: boolean;
} {
  const [request, setRequest] = useState<CitationPanelRequest | null>(null);
  const anchor = useRef<{ chip: HTMLElement; top: number } | null>(null);
  const { pathname } = useLocation();

  const open = useCallback((next: CitationPanelRequest) => {
    anchor.current = { chip: next.returnFocus, top: next.returnFocus.getBoundingClientRect().top };
    setRequest(next);
  }, []);
  const close = useCallback(() => {
    // The chip gets the focus back: no card for that focus.
    request?.beforeFocusReturn?.();
    setRequest(null);
  }, [request]);

  // The shell narrowed the reading for the panel: scroll so the chip is where it was.
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    if (!request || !held?.chip.isConnected) return;
    const moved = held.chip.getBoundingClientRect().top - held.top;
    if (Math.abs(moved) > 1) window.scrollBy(0, moved);
    const box = held.chip.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight)
      held.chip.scrollIntoView({ block: "center" });
  }, [request]);

  // Another screen: the panel was this one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setRequest(null);
  }, [pathname]);

  const panel = request ? (
    <Suspense
      fallback={
        // The room the shell left, held until the viewer's code is here.
        <div
          aria-hidden="true"
          className="fixed inset-y-0 end-0 z-50 hidden w-[min(40rem,45vw)] border-s border-border bg-surface lg:block"
        />
      }
    >
      <LazyCitationPanel
        key={`${request.passage.fileId}:${request.passage.ordinal}:${request.passage.quote ?? ""}`}
        passage={request.passage}
        returnFocus={request.returnFocus}
        onClose={close}
      />
    </Suspense>
  ) : null;
  return { open, panel, isOpen: request !== null };
}
