/** The part of the Web Storage API the app uses; tests pass an in-memory implementation. */
export type KeyValueStorage = Pick<
  Storage,
  "getItem" | "setItem" | "removeItem" | "key" | "length"
>;

/** The storage, or null when the browser refuses access (privacy settings, sandboxed frames). */
function usable(get: () => Storage): KeyValueStorage | null {
  try {
    const storage = get();
    const probe = "nexus.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** localStorage, or null when the browser refuses access. */
export function browserStorage(): KeyValueStorage | null {
  return usable(() => window.localStorage);
}

/** sessionStorage (this tab only), or null when the browser refuses access. */
export function browserSessionStorage(): KeyValueStorage | null {
  return usable(() => window.sessionStorage);
}

export function readItem(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The parsed JSON value stored under `key`; null when missing, unreadable or not JSON. */
export function readJsonItem(storage: KeyValueStorage | null, key: string): unknown {
  const raw = readItem(storage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: preferences simply don't persist.
  }
}

export function removeItem(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the value could not be stored in the first place.
  }
}

/** Local calendar date as YYYY-MM-DD. */
export function localDateKey(at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, "0");
  const d = String(at.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}
