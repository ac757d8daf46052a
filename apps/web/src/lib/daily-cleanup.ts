import { isColorTheme, MODES, STORAGE_KEYS } from "@nexus/contracts";
import { SIGN_IN_EMAIL_MAX_AGE_MS } from "./sign-in-email.ts";
import { type KeyValueStorage, localDateKey } from "./storage.ts";

export interface CleanupReport {
  /** Keys removed from storage. */
  removed: string[];
  /** Keys written (the sign-in address's missing timestamp is started). */
  updated: string[];
}

const EXPIRING_PREFIXES = [STORAGE_KEYS.draftPrefix, STORAGE_KEYS.cachePrefix];

function toTime(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const asNumber = Number(value);
    if (Number.isFinite(asNumber)) return asNumber;
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A draft or cache entry is kept only while its JSON `{ expiresAt }` is in the future. */
function isExpiredEntry(raw: string | null, now: number): boolean {
  const value = parseJson(raw);
  if (!value || typeof value !== "object" || !("expiresAt" in value)) return true;
  const expiresAt = toTime(value.expiresAt);
  return expiresAt === null || expiresAt <= now;
}

function allKeys(storage: KeyValueStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function cleanSignInEmail(storage: KeyValueStorage, now: number, report: CleanupReport): void {
  const email = storage.getItem(STORAGE_KEYS.emailForSignIn);
  const savedAtRaw = storage.getItem(STORAGE_KEYS.emailForSignInSavedAt);
  if (email === null) {
    if (savedAtRaw !== null) {
      storage.removeItem(STORAGE_KEYS.emailForSignInSavedAt);
      report.removed.push(STORAGE_KEYS.emailForSignInSavedAt);
    }
    return;
  }
  const asJson = parseJson(email);
  const jsonSavedAt =
    asJson && typeof asJson === "object" && "savedAt" in asJson ? toTime(asJson.savedAt) : null;
  const savedAt = jsonSavedAt ?? toTime(savedAtRaw);
  if (savedAt === null || savedAt > now + SIGN_IN_EMAIL_MAX_AGE_MS) {
    // Unknown age: start the clock now so the address expires a day from today.
    storage.setItem(STORAGE_KEYS.emailForSignInSavedAt, String(now));
    report.updated.push(STORAGE_KEYS.emailForSignInSavedAt);
    return;
  }
  if (now - savedAt > SIGN_IN_EMAIL_MAX_AGE_MS) {
    storage.removeItem(STORAGE_KEYS.emailForSignIn);
    report.removed.push(STORAGE_KEYS.emailForSignIn);
    if (savedAtRaw !== null) {
      storage.removeItem(STORAGE_KEYS.emailForSignInSavedAt);
      report.removed.push(STORAGE_KEYS.emailForSignInSavedAt);
    }
  }
}

/**
 * Removes expired local data (spec §4): drafts and caches past their `expiresAt` or unreadable,
 * appearance values outside the allowed lists, and a sign-in address older than a day.
 */
export function runLocalCleanup(storage: KeyValueStorage, now: Date): CleanupReport {
  const report: CleanupReport = { removed: [], updated: [] };
  const nowMs = now.getTime();
  for (const key of allKeys(storage)) {
    if (!EXPIRING_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    if (isExpiredEntry(storage.getItem(key), nowMs)) {
      storage.removeItem(key);
      report.removed.push(key);
    }
  }
  const theme = storage.getItem(STORAGE_KEYS.colorTheme);
  if (theme !== null && !isColorTheme(theme)) {
    storage.removeItem(STORAGE_KEYS.colorTheme);
    report.removed.push(STORAGE_KEYS.colorTheme);
  }
  const mode = storage.getItem(STORAGE_KEYS.mode);
  if (mode !== null && !(MODES as readonly string[]).includes(mode)) {
    storage.removeItem(STORAGE_KEYS.mode);
    report.removed.push(STORAGE_KEYS.mode);
  }
  cleanSignInEmail(storage, nowMs, report);
  return report;
}

/** Runs the cleanup when it has not run yet on today's local date; returns its report or null. */
export function runDailyCleanupIfDue(storage: KeyValueStorage, now: Date): CleanupReport | null {
  const today = localDateKey(now);
  if (storage.getItem(STORAGE_KEYS.lastCleanup) === today) return null;
  const report = runLocalCleanup(storage, now);
  storage.setItem(STORAGE_KEYS.lastCleanup, today);
  return report;
}

export function msUntilNextLocalMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return next.getTime() - now.getTime();
}

export interface CleanupScheduleOptions {
  now?: () => Date;
  setTimer?: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** Runs the cleanup now if due and again at every local midnight; returns a stop function. */
export function startDailyCleanup(
  storage: KeyValueStorage,
  options: CleanupScheduleOptions = {},
): () => void {
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer));
  let timer: ReturnType<typeof setTimeout> | null = null;

  const runSafely = () => {
    try {
      runDailyCleanupIfDue(storage, now());
    } catch {
      // Storage can throw (quota, privacy mode); the next run tries again.
    }
  };
  const arm = () => {
    // A second past midnight, so the new date is certain even with a slightly early timer.
    timer = setTimer(() => {
      runSafely();
      arm();
    }, msUntilNextLocalMidnight(now()) + 1000);
  };

  runSafely();
  arm();
  return () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}
