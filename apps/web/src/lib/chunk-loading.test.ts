import { CHUNK_LOAD_TIMEOUT_MS } from "@nexus/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, loadChunk } from "./chunk-loading.ts";

describe("loadChunk", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("times out after 120 s", async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toMatchObject({
      name: "ChunkLoadError",
      timedOut: true,
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it("wraps load failures and passes values through", async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError("fetch failed"))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
