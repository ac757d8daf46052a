import { describe, expect, it } from "vitest";
import {
  findInvalidText,
  invalidTextMessage,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  storableJson,
  storableText,
} from "./text-guard.ts";

describe("invalidTextMessage", () => {
  it("finds NUL and unpaired surrogates, and accepts pairs", () => {
    expect(invalidTextMessage("a\u0000")).toBe(NUL_MESSAGE);
    for (const s of ["\ud800", "a\udbffb", "\udc00", "x\udfff", "\ude00\ud83d"]) {
      expect(invalidTextMessage(s), JSON.stringify(s)).toBe(SURROGATE_MESSAGE);
    }
    for (const s of ["", "plain", "🦊", "\ud83d\ude00", "\uffff", "\u0001"]) {
      expect(invalidTextMessage(s), JSON.stringify(s)).toBeNull();
    }
  });
});

describe("findInvalidText", () => {
  it("reports the path of the first bad value or key, at any depth", () => {
    expect(findInvalidText({ a: [1, { b: "ok" }, { c: "x\u0000" }] })).toEqual({
      path: "a.2.c",
      message: NUL_MESSAGE,
    });
    expect(findInvalidText({ a: { "k\ud800": 1 } })).toEqual({
      path: "a.k\ud800",
      message: SURROGATE_MESSAGE,
    });
    expect(findInvalidText("\u0000")).toEqual({ path: "", message: NUL_MESSAGE });
    expect(findInvalidText({ a: [1, null, true, "fine"] })).toBeNull();
  });

  it("walks nesting far deeper than the call stack allows", () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(findInvalidText(deep)?.message).toBe(NUL_MESSAGE);
  });
});

describe("storableText / storableJson", () => {
  it("drops NUL and replaces lone surrogates, keeping pairs", () => {
    expect(storableText("a\u0000b\ud800c🦊\udc00")).toBe("ab\ufffdc🦊\ufffd");
    expect(JSON.parse(storableJson({ t: ["x\u0000", { u: "\udfff" }], n: 1 }))).toEqual({
      t: ["x", { u: "\ufffd" }],
      n: 1,
    });
  });

  it("writes the same JSON as a replacer over every string, whatever the strings hold", () => {
    const slow = (value: unknown) =>
      JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? storableText(v) : v));
    const values: unknown[] = [
      { markdown: "Tides [1].", parts: [{ type: "text", text: "🦊 é 日本" }], n: 2, ok: true },
      { text: "a\u0000b", list: ["\ud800", "\udbff\udfff", "x\udc00y"] },
      { literal: "a backslash-u: \\u0000 and \\uD800, not escapes" },
      { upper: "\uDFFF", quote: '"\\' },
      [],
      "plain",
      null,
    ];
    for (const value of values) expect(storableJson(value)).toBe(slow(value));
    expect(JSON.parse(storableJson({ a: "x\u0000y\ud800" }))).toEqual({ a: "xy\ufffd" });
  });
});
