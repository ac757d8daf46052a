import { ANON_ID_HEADER, ANON_ID_PATTERN, STORAGE_KEYS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import { ANON_ID_HEADER_NAME, ANON_ID_SHAPE, createAnonId, getAnonId } from "./anon-id.ts";

describe("anonymous id", () => {
  it("uses the contracts' pattern and header", () => {
    expect(ANON_ID_SHAPE.source).toBe(ANON_ID_PATTERN.source);
    expect(ANON_ID_HEADER_NAME).toBe(ANON_ID_HEADER);
  });

  it("has the shape anon_{timestamp}_{random base36}", () => {
    const id = createAnonId(1_700_000_000_000);
    expect(id).toMatch(/^anon_1700000000000_[a-z0-9]{12}$/);
    expect(id).toMatch(ANON_ID_PATTERN);
    expect(createAnonId()).not.toBe(createAnonId());
  });

  it("is created once and then reused", () => {
    const storage = createMemoryStorage();
    const first = getAnonId(storage);
    expect(storage.getItem(STORAGE_KEYS.anonId)).toBe(first);
    expect(getAnonId(storage)).toBe(first);
  });

  it("replaces a malformed stored value", () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.anonId]: "anon_x" });
    const id = getAnonId(storage);
    expect(id).toMatch(ANON_ID_PATTERN);
    expect(storage.getItem(STORAGE_KEYS.anonId)).toBe(id);
  });
});
