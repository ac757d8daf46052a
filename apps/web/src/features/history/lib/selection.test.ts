import { THREADS_DELETE_MAX } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { allState, isFull, keepListed, toggle, toggleAll } from "./selection.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe("history selection", () => {
  it("toggles one thread, in the order picked", () => {
    expect(toggle(toggle([], "a"), "b")).toEqual(["a", "b"]);
    expect(toggle(["a", "b"], "a")).toEqual(["b"]);
  });

  it(`never holds more than ${THREADS_DELETE_MAX} threads (one delete's limit)`, () => {
    const full = ids(THREADS_DELETE_MAX);
    expect(isFull(full)).toBe(true);
    expect(toggle(full, "extra")).toBe(full);
    expect(toggle(full, "t0")).toHaveLength(THREADS_DELETE_MAX - 1);
    expect(toggleAll([], ids(THREADS_DELETE_MAX + 10))).toEqual(full);
  });

  it("select all picks every listed thread, then none; its box is mixed in between", () => {
    const listed = ids(3);
    expect(allState([], listed)).toBe(false);
    expect(allState(["t1"], listed)).toBe("mixed");
    const all = toggleAll(["t1"], listed);
    expect(all).toEqual(listed);
    expect(allState(all, listed)).toBe(true);
    expect(toggleAll(all, listed)).toEqual([]);
    expect(allState([], [])).toBe(false);
  });

  it("drops threads that left the list, and keeps the same selection otherwise", () => {
    const selection = ["t0", "t2"];
    expect(keepListed(selection, ["t0", "t1", "t2"])).toBe(selection);
    expect(keepListed(selection, ["t0", "t1"])).toEqual(["t0"]);
  });
});
