import { useCallback, useEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 160;

function nearBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - NEAR_BOTTOM_PX;
}

/**
 * Keeps the bottom of the page in view while an answer streams, until the user scrolls up;
 * `follow()` (on a new question) starts following again.
 */
export function useFollowScroll(busy: boolean, revision: unknown) {
  const following = useRef(true);

  useEffect(() => {
    const onScroll = () => {
      following.current = nearBottom();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every streamed update on purpose
  useEffect(() => {
    if (!busy || !following.current) return;
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  }, [busy, revision]);

  return useCallback(() => {
    following.current = true;
  }, []);
}
