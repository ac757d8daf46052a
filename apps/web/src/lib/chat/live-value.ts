import { useSyncExternalStore } from "react";

/** A value kept outside React (beside a live chat) that components read with useLiveValue. */
export interface LiveValue<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function liveValue<T>(initial: T): LiveValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The current value, re-rendering when it changes. */
export function useLiveValue<T>(value: LiveValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.get, value.get);
}
