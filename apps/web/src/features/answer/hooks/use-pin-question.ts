import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";

const TURN_SELECTOR = '[data-testid="answer-turn"]';
const COMPOSER_SELECTOR = '[data-testid="follow-up"]';

function turnAt(list: HTMLElement | null, index: number): HTMLElement | null {
  const turn = list?.querySelectorAll<HTMLElement>(TURN_SELECTOR)[index];
  return turn ?? null;
}

/**
 * Keeps the question just asked at the top of the window while its answer grows below it (as
 * Perplexity and ChatGPT do): `pin(turnCount)` scrolls the turn with that number (1-based) to the
 * top once it is on the page, honouring its scroll-margin-top (the phone's top bar), and sizes the
 * empty space after the turns (`spaceRef`) so that the scroll is possible at all. The space shrinks
 * as the answer grows; nothing scrolls while it streams, so the reader keeps their place and the
 * page never ends scrolled past the question and its sources.
 */
export function usePinQuestion(listRef: RefObject<HTMLElement | null>, turnCount: number) {
  const pending = useRef<number | null>(null);
  const [pinned, setPinned] = useState<HTMLElement | null>(null);
  const [request, setRequest] = useState(0);
  const spaceRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` re-runs it for a same-count pin
  useLayoutEffect(() => {
    const wanted = pending.current;
    if (wanted === null || turnCount < wanted) return;
    const turn = turnAt(listRef.current, wanted - 1);
    if (!turn) return;
    pending.current = null;
    setPinned(turn);
  }, [turnCount, request, listRef]);

  useLayoutEffect(() => {
    if (!pinned) return;
    const measure = () => {
      const margin = Number.parseFloat(getComputedStyle(pinned).scrollMarginTop) || 0;
      const composer = document.querySelector<HTMLElement>(COMPOSER_SELECTOR)?.offsetHeight ?? 0;
      // Everything below the turn's top: the turn, the list's padding, the space, the composer.
      const below = pinned.getBoundingClientRect().height + composer + 16;
      const space = spaceRef.current;
      if (space)
        space.style.height = `${Math.max(0, Math.ceil(window.innerHeight - margin - below))}px`;
    };
    measure();
    pinned.scrollIntoView({ block: "start", behavior: "instant" });
    const observer = new ResizeObserver(measure);
    observer.observe(pinned);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [pinned]);

  const pin = useCallback((count: number) => {
    pending.current = count;
    setPinned(null);
    setRequest((value) => value + 1);
  }, []);

  return { pin, spaceRef };
}
