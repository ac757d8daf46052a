import { STORAGE_KEYS } from "@nexus/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import {
  msUntilNextLocalMidnight,
  runDailyCleanupIfDue,
  runLocalCleanup,
  startDailyCleanup,
} from "./daily-cleanup.ts";

const NOW = new Date(2025, 5, 15, 14, 30, 0); // 15 June 2025, 14:30 local time
const HOUR = 60 * 60 * 1000;
const draft = (key: string) => `${STORAGE_KEYS.draftPrefix}${key}`;
const cache = (key: string) => `${STORAGE_KEYS.cachePrefix}${key}`;

describe("runLocalCleanup", () => {
  it("removes drafts and caches that expired or cannot be read, keeps live ones", () => {
    const storage = createMemoryStorage({
      [draft("live")]: JSON.stringify({ expiresAt: NOW.getTime() + HOUR, text: "hi" }),
      [draft("expired")]: JSON.stringify({ expiresAt: NOW.getTime() - 1 }),
      [draft("iso-live")]: JSON.stringify({
        expiresAt: new Date(NOW.getTime() + HOUR).toISOString(),
      }),
      [cache("iso-expired")]: JSON.stringify({ expiresAt: "2020-01-01T00:00:00.000Z" }),
      [cache("garbage")]: "{not json",
      [cache("no-expiry")]: JSON.stringify({ value: 1 }),
      [cache("bad-expiry")]: JSON.stringify({ expiresAt: "soon" }),
      [cache("now")]: JSON.stringify({ expiresAt: NOW.getTime() }),
      "unrelated.key": "{not json",
    });
    const report = runLocalCleanup(storage, NOW);
    expect(Object.keys(storage.snapshot()).sort()).toEqual(
      [draft("live"), draft("iso-live"), "unrelated.key"].sort(),
    );
    expect(report.removed.sort()).toEqual(
      [
        draft("expired"),
        cache("iso-expired"),
        cache("garbage"),
        cache("no-expiry"),
        cache("bad-expiry"),
        cache("now"),
      ].sort(),
    );
  });

  it("drops appearance values outside the allowed lists and keeps valid ones", () => {
    const bad = createMemoryStorage({
      [STORAGE_KEYS.colorTheme]: "pink",
      [STORAGE_KEYS.mode]: "dim",
    });
    runLocalCleanup(bad, NOW);
    expect(bad.snapshot()).toEqual({});

    const good = createMemoryStorage({
      [STORAGE_KEYS.colorTheme]: "perplexity",
      [STORAGE_KEYS.mode]: "dark",
    });
    runLocalCleanup(good, NOW);
    expect(good.snapshot()).toEqual({
      [STORAGE_KEYS.colorTheme]: "perplexity",
      [STORAGE_KEYS.mode]: "dark",
    });
  });

  it("removes a sign-in address saved more than a day ago", () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.emailForSignIn]: "ada@example.com",
      [STORAGE_KEYS.emailForSignInSavedAt]: String(NOW.getTime() - 25 * HOUR),
    });
    runLocalCleanup(storage, NOW);
    expect(storage.snapshot()).toEqual({});
  });

  it("keeps a recent sign-in address", () => {
    const initial = {
      [STORAGE_KEYS.emailForSignIn]: "ada@example.com",
      [STORAGE_KEYS.emailForSignInSavedAt]: String(NOW.getTime() - 2 * HOUR),
    };
    const storage = createMemoryStorage(initial);
    runLocalCleanup(storage, NOW);
    expect(storage.snapshot()).toEqual(initial);
  });

  it("starts the clock for an address without a timestamp, then expires it a day later", () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.emailForSignIn]: "ada@example.com" });
    runLocalCleanup(storage, NOW);
    expect(storage.getItem(STORAGE_KEYS.emailForSignIn)).toBe("ada@example.com");
    expect(storage.getItem(STORAGE_KEYS.emailForSignInSavedAt)).toBe(String(NOW.getTime()));

    runLocalCleanup(storage, new Date(NOW.getTime() + 25 * HOUR));
    expect(storage.snapshot()).toEqual({});
  });

  it("reads the age of a JSON {email, savedAt} value and drops an orphan timestamp", () => {
    const json = createMemoryStorage({
      [STORAGE_KEYS.emailForSignIn]: JSON.stringify({
        email: "ada@example.com",
        savedAt: new Date(NOW.getTime() - 48 * HOUR).toISOString(),
      }),
    });
    runLocalCleanup(json, NOW);
    expect(json.snapshot()).toEqual({});

    const orphan = createMemoryStorage({ [STORAGE_KEYS.emailForSignInSavedAt]: "123" });
    runLocalCleanup(orphan, NOW);
    expect(orphan.snapshot()).toEqual({});
  });
});

describe("runDailyCleanupIfDue", () => {
  it("runs once per local date and records the date", () => {
    const storage = createMemoryStorage({ [cache("old")]: "x" });
    expect(runDailyCleanupIfDue(storage, NOW)?.removed).toEqual([cache("old")]);
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-06-15");

    storage.setItem(cache("again"), "x");
    expect(runDailyCleanupIfDue(storage, new Date(2025, 5, 15, 23, 59))).toBeNull();
    expect(storage.getItem(cache("again"))).toBe("x");

    expect(runDailyCleanupIfDue(storage, new Date(2025, 5, 16, 0, 0, 1))?.removed).toEqual([
      cache("again"),
    ]);
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-06-16");
  });

  it("uses the local date, not the UTC date", () => {
    const storage = createMemoryStorage();
    const lateEvening = new Date(2025, 0, 31, 23, 30);
    runDailyCleanupIfDue(storage, lateEvening);
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-01-31");
  });
});

describe("scheduling", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("computes the time to the next local midnight", () => {
    expect(msUntilNextLocalMidnight(new Date(2025, 5, 15, 23, 0, 0))).toBe(HOUR);
    expect(msUntilNextLocalMidnight(new Date(2025, 5, 15, 0, 0, 0))).toBe(24 * HOUR);
  });

  it("runs on start when due and again after each local midnight", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 5, 15, 22, 0, 0));
    const storage = createMemoryStorage({ [STORAGE_KEYS.lastCleanup]: "2025-06-14" });
    const stop = startDailyCleanup(storage);
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-06-15");

    storage.setItem(cache("stale"), "x");
    vi.advanceTimersByTime(HOUR);
    expect(storage.getItem(cache("stale"))).toBe("x");
    vi.advanceTimersByTime(2 * HOUR);
    expect(storage.getItem(cache("stale"))).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-06-16");

    storage.setItem(cache("next"), "x");
    vi.advanceTimersByTime(24 * HOUR);
    expect(storage.getItem(cache("next"))).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastCleanup)).toBe("2025-06-17");

    stop();
    storage.setItem(cache("after-stop"), "x");
    vi.advanceTimersByTime(48 * HOUR);
    expect(storage.getItem(cache("after-stop"))).toBe("x");
  });
});
