import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

describe("CHAT_WORKERS", () => {
  const workers = (source: Record<string, string | undefined>) => parseEnv(source).CHAT_WORKERS;

  it("is read, and the old name ANSWER_WORKERS still is when it is not set", () => {
    expect(workers({})).toBeUndefined();
    expect(workers({ CHAT_WORKERS: "2" })).toBe(2);
    expect(workers({ ANSWER_WORKERS: "0" })).toBe(0);
    expect(workers({ CHAT_WORKERS: "3", ANSWER_WORKERS: "1" })).toBe(3);
  });

  it("refuses a value that is not a small count", () => {
    expect(() => parseEnv({ CHAT_WORKERS: "many" })).toThrow(EnvError);
    expect(() => parseEnv({ CHAT_WORKERS: "17" })).toThrow(/CHAT_WORKERS/);
  });
});
