import { useSyncExternalStore } from "react";

/** Bumped when an answer of the open thread ends, so the session's thread list is read again. */
let version = 0;
const listeners = new Set<() => void>();

export function threadsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getVersion = () => version;

export function useThreadsVersion(): number {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}
