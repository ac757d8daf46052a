import { ANSWER_THREAD_SESSION_KEY } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import { hasSessionThreads } from "./session-threads-stored.ts";

const storing = (raw: string) => createMemoryStorage({ [ANSWER_THREAD_SESSION_KEY]: raw });

describe("hasSessionThreads", () => {
  it("is true when the tab keeps at least one anonymous thread", () => {
    const raw = JSON.stringify({ threads: [{ threadId: "AbCdEfGhIj", messages: [] }] });
    expect(hasSessionThreads(storing(raw))).toBe(true);
  });

  it("is false without storage, without the key, with no threads or with something else stored", () => {
    expect(hasSessionThreads(null)).toBe(false);
    expect(hasSessionThreads(createMemoryStorage({}))).toBe(false);
    expect(hasSessionThreads(storing(JSON.stringify({ threads: [] })))).toBe(false);
    expect(hasSessionThreads(storing(JSON.stringify({ threads: "no" })))).toBe(false);
    expect(hasSessionThreads(storing("not json"))).toBe(false);
    expect(hasSessionThreads(storing("null"))).toBe(false);
  });
});
