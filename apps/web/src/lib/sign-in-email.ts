import { STORAGE_KEYS } from "@nexus/contracts";
import { type KeyValueStorage, readItem, removeItem, writeItem } from "./storage.ts";

/** A stored sign-in address older than this is useless (links expire within minutes). */
export const SIGN_IN_EMAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The address a sign-in link was requested for is kept as a plain string under
 * STORAGE_KEYS.emailForSignIn, with the time it was saved under STORAGE_KEYS.emailForSignInSavedAt.
 */
export function saveSignInEmail(storage: KeyValueStorage | null, email: string, now: Date): void {
  writeItem(storage, STORAGE_KEYS.emailForSignIn, email);
  writeItem(storage, STORAGE_KEYS.emailForSignInSavedAt, String(now.getTime()));
}

/** The stored address, or null. Also accepts a JSON `{ "email": "…" }` value. */
export function readSignInEmail(storage: KeyValueStorage | null): string | null {
  const raw = readItem(storage, STORAGE_KEYS.emailForSignIn)?.trim();
  if (!raw) return null;
  if (raw.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object" && "email" in parsed) {
        const email = parsed.email;
        return typeof email === "string" && email.includes("@") ? email.trim() : null;
      }
    } catch {
      return null;
    }
    return null;
  }
  return raw.includes("@") ? raw : null;
}

export function clearSignInEmail(storage: KeyValueStorage | null): void {
  removeItem(storage, STORAGE_KEYS.emailForSignIn);
  removeItem(storage, STORAGE_KEYS.emailForSignInSavedAt);
}
