import { useCallback, useSyncExternalStore } from "react";
import { browserStorage, type KeyValueStorage, readItem, writeItem } from "./storage.ts";

/**
 * A small UI preference kept in localStorage (the sidebar collapsed, the document divider's place):
 * every component reading the same key sees a change at once, and another tab's change too.
 * Nothing correctness-bearing: a refused or full storage just forgets.
 */

const listeners = new Map<string, Set<() => void>>();
let storage: KeyValueStorage | null | undefined;
/** Probed once (browserStorage writes a probe key). */
const store = () => {
  storage ??= browserStorage();
  return storage;
};

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

export function readStored(key: string): string | null {
  return typeof window === "undefined" ? null : readItem(store(), key);
}

export function writeStored(key: string, value: string): void {
  writeItem(store(), key, value);
  notify(key);
}

/** The stored string under `key` (null when none) and a setter that stores it. */
export function useStoredState(key: string): [string | null, (value: string) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(onChange);
      listeners.set(key, set);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) onChange();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        set.delete(onChange);
        window.removeEventListener("storage", onStorage);
      };
    },
    [key],
  );
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const set = useCallback((next: string) => writeStored(key, next), [key]);
  return [value, set];
}

/** The app sidebar hidden on wide screens (a rail of icons instead), remembered. */
export const SIDEBAR_COLLAPSED_KEY = "nexus.sidebar.collapsed";

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [value, set] = useStoredState(SIDEBAR_COLLAPSED_KEY);
  return [value === "1", useCallback((on: boolean) => set(on ? "1" : "0"), [set])];
}
