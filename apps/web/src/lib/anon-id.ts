import { STORAGE_KEYS } from "@nexus/contracts";
import { browserStorage, type KeyValueStorage, readItem, writeItem } from "./storage.ts";

/**
 * Equal to ANON_ID_PATTERN and ANON_ID_HEADER in @nexus/contracts (checked by anon-id.test.ts);
 * not imported because contracts/auth.ts would bring zod into every page's first load.
 */
export const ANON_ID_SHAPE = /^anon_\d{10,16}_[a-z0-9]{6,32}$/;
export const ANON_ID_HEADER_NAME = "x-anon-id";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 12;

function randomBase36(length: number): string {
  let out = "";
  while (out.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 252 = 7 * 36: dropping larger bytes keeps every character equally likely.
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36] ?? "";
    }
  }
  return out;
}

/** `anon_{Date.now()}_{random base36}` (spec §3). */
export function createAnonId(now: number = Date.now()): string {
  return `anon_${now}_${randomBase36(RANDOM_LENGTH)}`;
}

let memoryId: string | null = null;

/** The browser's anonymous id: created once, kept in local storage and reused. */
export function getAnonId(storage: KeyValueStorage | null = browserStorage()): string {
  const stored = readItem(storage, STORAGE_KEYS.anonId);
  if (stored !== null && ANON_ID_SHAPE.test(stored)) return stored;
  if (storage === null) {
    memoryId ??= createAnonId();
    return memoryId;
  }
  const id = createAnonId();
  writeItem(storage, STORAGE_KEYS.anonId, id);
  return id;
}
