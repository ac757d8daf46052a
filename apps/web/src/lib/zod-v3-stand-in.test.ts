import { describe, expect, it } from "vitest";
import { ZodFirstPartyTypeKind as real } from "zod/v3";
import { ZodFirstPartyTypeKind as standIn } from "./zod-v3-stand-in.ts";

describe("the zod/v3 stand-in of the browser build", () => {
  it("answers every kind of the real enum with the real value", () => {
    const kinds = Object.entries(real);
    expect(kinds.length).toBeGreaterThan(30);
    for (const [key, value] of kinds) expect(standIn[key], key).toBe(value);
  });
});
