/**
 * The open chats of one chat kind, kept outside React so that navigation (back/forward, a new
 * conversation getting its URL, a remount) never restarts or loses a stream. Bounded: when full,
 * the least recently used idle chat goes first; a chat still streaming is never dropped.
 */
export interface ChatRegistry<T> {
  /** The chat under `key`, now the most recently used. */
  get: (key: string) => T | undefined;
  /** Keeps `value` under `key` (most recently used), first dropping idle chats beyond the bound. */
  set: (key: string, value: T) => void;
  delete: (key: string) => void;
  /** Every kept chat, least recently used first (one chat may be kept under several keys). */
  values: () => T[];
  clear: () => void;
  readonly size: number;
}

export function createChatRegistry<T>(options: {
  max: number;
  /** Whether a chat may be dropped (not streaming). */
  isIdle: (value: T) => boolean;
}): ChatRegistry<T> {
  const entries = new Map<string, T>();
  const evict = () => {
    for (const [key, value] of entries) {
      if (entries.size < options.max) return;
      if (options.isIdle(value)) entries.delete(key);
    }
  };
  return {
    get: (key) => {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set: (key, value) => {
      entries.delete(key);
      evict();
      entries.set(key, value);
    },
    delete: (key) => {
      entries.delete(key);
    },
    values: () => [...new Set(entries.values())],
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
