import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";

/** Where the turns and the composer are: the answer page's by default. */
export interface PinTargets {
  /** Each turn (the question at its top), in order. */
  turn: string;
  /** The composer docked at the bottom. */
  composer: string;
}

const ANSWER_TARGETS: PinTargets = {
  turn: '[data-testid="answer-turn"]',
  composer: '[data-testid="follow-up"]',
};

function turnAt(list: HTMLElement | null, selector: string, index: number): HTMLElement | null {
  const turn = list?.querySelectorAll<HTMLElement>(selector)[index];
  return turn ?? null;
}

/**
 * Keeps the question just asked (in any chat kind) at the top of the window while its answer grows below it (as
 * Perplexity and ChatGPT do): `pin(turnCount)` scrolls the turn with that number (1-based) to the
 * top once it is on the page, honouring its scroll-margin-top (the phone's top bar), and sizes the
 * empty space after the turns (`spaceRef`) so that the scroll is possible at all. The space shrinks
 * as the answer grows; nothing scrolls while it streams, so the reader keeps their place and the
 * page never ends scrolled past the question and its sources.
 */
export function usePinQuestion(
  listRef: RefObject<HTMLElement | null>,
  turnCount: number,
  targets: PinTargets = ANSWER_TARGETS,
) {
  const { turn: turnSelector, composer: composerSelector } = targets;
  const pending = useRef<number | null>(null);
  const [pinned, setPinned] = useState<HTMLElement | null>(null);
  const [request, setRequest] = useState(0);
  const spaceRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` re-runs it for a same-count pin
  useLayoutEffect(() => {
    const wanted = pending.current;
    if (wanted === null || turnCount < wanted) return;
    const turn = turnAt(listRef.current, turnSelector, wanted - 1);
    if (!turn) return;
    pending.current = null;
    setPinned(turn);
  }, [turnCount, request, listRef, turnSelector]);

  useLayoutEffect(() => {
    if (!pinned) return;
    const measure = () => {
      const margin = Number.parseFloat(getComputedStyle(pinned).scrollMarginTop) || 0;
      const composer = document.querySelector<HTMLElement>(composerSelector)?.offsetHeight ?? 0;
      // Everything below the turn's top: the turn, the list's padding, the space, the composer.
      const below = pinned.getBoundingClientRect().height + composer + 16;
      const space = spaceRef.current;
      if (space)
        space.style.height = `${Math.max(0, Math.ceil(window.innerHeight - margin - below))}px`;
    };
    measure();
    // (A DOM without layout, as in unit tests, has neither.)
    pinned.scrollIntoView?.({ block: "start", behavior: "instant" });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(pinned);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [pinned, composerSelector]);

  const pin = useCallback((count: number) => {
    pending.current = count;
    setPinned(null);
    setRequest((value) => value + 1);
  }, []);

  return { pin, spaceRef };
}
