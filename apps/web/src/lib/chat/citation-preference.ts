import { useSyncExternalStore } from "react";
import { browserStorage, readItem, writeItem } from "@/lib/storage.ts";

/**
 * "Hide unsupported sentences" (issue 38): answers leave out every sentence none of whose
 * citations its source supports. Kept in this browser, as the appearance settings are.
 */
export const HIDE_UNSUPPORTED_KEY = "nexus.hideUnsupported";
const CHANGED = "nexus:hide-unsupported";

function read(): boolean {
  return readItem(browserStorage(), HIDE_UNSUPPORTED_KEY) === "1";
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function setHideUnsupported(hide: boolean): void {
  writeItem(browserStorage(), HIDE_UNSUPPORTED_KEY, hide ? "1" : "0");
  window.dispatchEvent(new Event(CHANGED));
}

export function useHideUnsupported(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
