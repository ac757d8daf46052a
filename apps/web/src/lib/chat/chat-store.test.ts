import type { UIMessage } from "ai";
import { describe, expect, it, vi } from "vitest";
import { createChatStore, markStopped } from "./chat-store.ts";

const question: UIMessage = { id: "q", role: "user", parts: [{ type: "text", text: "Q?" }] };
const partial: UIMessage = {
  id: "r",
  role: "assistant",
  parts: [
    { type: "reasoning", text: "Hmm", state: "done" },
    { type: "text", text: "The first wo", state: "streaming" },
  ],
};

/** A stand-in for the AI SDK chat: its status and stop are all a store reads. */
const fakeChat = (status: string) => ({ chat: { status, stop: vi.fn(async () => undefined) } });

describe("markStopped (every chat kind)", () => {
  it("closes the last reply's open parts as they are and marks it stopped, input unchanged", () => {
    const [, reply] = markStopped([question, partial]);
    expect(reply?.metadata).toEqual({ stopped: true });
    expect(reply?.parts).toEqual([
      { type: "reasoning", text: "Hmm", state: "done" },
      { type: "text", text: "The first wo", state: "done" },
    ]);
    expect(partial.metadata).toBeUndefined();
    expect(markStopped([question])).toEqual([question]);
  });
});

describe("createChatStore", () => {
  it("opens a chat once per key, keeps it under a second key, and stops every chat on clear", () => {
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in chat
    const store = createChatStore<any>("kind", 2);
    const create = vi.fn(() => fakeChat("streaming"));
    const first = store.open("a", create);
    expect(store.open("a", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    store.keep("named", first);
    expect(store.find("named")).toBe(first);
    expect([store.nextKey(), store.nextKey()]).toEqual(["kind-1", "kind-2"]);
    // Full, and every chat streaming: none is dropped.
    const second = store.open("b", () => fakeChat("streaming"));
    expect(store.find("a")).toBe(first);
    store.drop("b");
    expect(second.chat.stop).toHaveBeenCalledTimes(1);
    expect(store.find("b")).toBeUndefined();
    store.clear();
    expect(first.chat.stop).toHaveBeenCalledTimes(1);
    expect(store.find("a")).toBeUndefined();
  });
});
