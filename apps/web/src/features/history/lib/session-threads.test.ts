import { ANSWER_THREAD_SESSION_KEY } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "@/lib/storage.ts";
import { readSessionThreadLinks } from "./session-threads.ts";

function memory(value: unknown): KeyValueStorage {
  const items = new Map<string, string>([[ANSWER_THREAD_SESSION_KEY, JSON.stringify(value)]]);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, v) => void items.set(key, v),
    removeItem: (key) => void items.delete(key),
    key: () => null,
    length: items.size,
  };
}

const thread = (threadId: string, question: string) => ({
  threadId,
  focusMode: "web",
  messages: [
    { id: "u1", role: "user", parts: [{ type: "text", text: `  ${question} ` }] },
    { id: "a1", role: "assistant", parts: [{ type: "text", text: "An answer." }] },
  ],
});

describe("readSessionThreadLinks", () => {
  it("lists the session's thread by its first question", () => {
    expect(readSessionThreadLinks(memory(thread("abcdefgh1", "What is Nexus?")))).toEqual([
      { threadId: "abcdefgh1", title: "What is Nexus?" },
    ]);
  });

  it("lists several threads newest first and skips malformed ones", () => {
    const stored = [thread("older0001", "First?"), { threadId: 3 }, thread("newer0001", "Next?")];
    expect(readSessionThreadLinks(memory(stored)).map((t) => t.threadId)).toEqual([
      "newer0001",
      "older0001",
    ]);
  });

  it("is empty without a stored thread or without a question", () => {
    expect(readSessionThreadLinks(null)).toEqual([]);
    expect(readSessionThreadLinks(memory({ threadId: "x", messages: [] }))).toEqual([]);
    expect(readSessionThreadLinks(memory("not a thread"))).toEqual([]);
  });
});
