import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React renders on the server or hydrates a prerendered page, true afterwards (and from
 * the start of a client-only render). Inputs of prerendered pages stay read-only until then, so
 * text typed before the page's code has loaded is not silently dropped by hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
