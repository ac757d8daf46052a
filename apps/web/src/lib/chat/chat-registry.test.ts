import { describe, expect, it } from "vitest";
import { createChatRegistry } from "./chat-registry.ts";

interface FakeChat {
  name: string;
  streaming: boolean;
}

const chat = (name: string, streaming = false): FakeChat => ({ name, streaming });

function registry(max: number) {
  return createChatRegistry<FakeChat>({ max, isIdle: (entry) => !entry.streaming });
}

describe("createChatRegistry (the open chats of one kind)", () => {
  it("keeps at most `max` chats, dropping the least recently used idle one", () => {
    const chats = registry(3);
    chats.set("a", chat("a"));
    chats.set("b", chat("b"));
    chats.set("c", chat("c"));
    // Reading "a" makes it the most recently used: "b" is now the oldest.
    expect(chats.get("a")?.name).toBe("a");
    chats.set("d", chat("d"));
    expect(chats.size).toBe(3);
    expect(chats.get("b")).toBeUndefined();
    expect(chats.values().map((entry) => entry.name)).toEqual(["c", "a", "d"]);
  });

  it("never drops a chat that is still streaming (it survives navigation)", () => {
    const chats = registry(2);
    chats.set("live", chat("live", true));
    chats.set("idle", chat("idle"));
    chats.set("new", chat("new"));
    expect(chats.get("live")?.name).toBe("live");
    expect(chats.get("idle")).toBeUndefined();
    expect(chats.get("new")?.name).toBe("new");
  });

  it("goes over the bound rather than drop streaming chats, and comes back to it when they end", () => {
    const chats = registry(2);
    const first = chat("first", true);
    chats.set("first", first);
    chats.set("second", chat("second", true));
    chats.set("third", chat("third"));
    expect(chats.size).toBe(3);
    first.streaming = false;
    chats.set("fourth", chat("fourth"));
    // Idle ones go, oldest first, until the new one fits in the bound.
    expect(chats.values().map((entry) => entry.name)).toEqual(["second", "fourth"]);
  });

  it("lists a chat kept under two keys once (a new conversation once the server names it)", () => {
    const chats = registry(5);
    const draft = chat("draft");
    chats.set("new:1", draft);
    chats.set("thread-9", draft);
    expect(chats.values()).toEqual([draft]);
    chats.delete("new:1");
    expect(chats.get("thread-9")).toBe(draft);
    chats.clear();
    expect(chats.size).toBe(0);
  });
});
