import { useCallback, useSyncExternalStore } from "react";

/** Whether a CSS media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  const getSnapshot = () => window.matchMedia?.(query).matches ?? true;
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}

/** Tailwind's `md` breakpoint: the sidebar is fixed from here, a drawer below. */
export const DESKTOP_QUERY = "(min-width: 768px)";
