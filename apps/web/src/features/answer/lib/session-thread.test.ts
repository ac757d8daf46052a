import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import type { AnswerUIMessage } from "./answer-message.ts";
import {
  clearSessionThread,
  finishedMessages,
  loadSessionThread,
  saveSessionThread,
} from "./session-thread.ts";

const question = (id: string, text: string): AnswerUIMessage => ({
  id,
  role: "user",
  parts: [{ type: "text", text }],
});
const answer = (id: string, text: string, streaming = false): AnswerUIMessage => ({
  id,
  role: "assistant",
  metadata: { entryId: id, threadId: "T1", model: "offline", offline: true, focusMode: "web" },
  parts: [
    { type: "data-sources", data: [] },
    { type: "text", text, state: streaming ? "streaming" : "done" },
  ],
});

describe("session thread", () => {
  it("round-trips the finished turns of the current thread", () => {
    const storage = createMemoryStorage();
    const messages = [question("q1", "One?"), answer("a1", "Yes [1]."), question("q2", "Two?")];
    saveSessionThread({ threadId: "T1", focusMode: "academic", messages }, storage);
    const loaded = loadSessionThread("T1", storage);
    expect(loaded).toEqual({
      threadId: "T1",
      focusMode: "academic",
      messages: [messages[0], messages[1]],
    });
    expect(loadSessionThread("T2", storage)).toBeNull();
    clearSessionThread(storage);
    expect(loadSessionThread("T1", storage)).toBeNull();
  });

  it("drops unanswered and still-streaming turns", () => {
    const messages = [
      question("q1", "One?"),
      answer("a1", "Done."),
      question("q2", "Two?"),
      answer("a2", "Half", true),
    ];
    expect(finishedMessages(messages).map((m) => m.id)).toEqual(["q1", "a1"]);
  });

  it("saves nothing without a finished turn and ignores corrupt copies", () => {
    const storage = createMemoryStorage();
    saveSessionThread(
      { threadId: "T1", focusMode: "web", messages: [question("q", "?")] },
      storage,
    );
    expect(storage.length).toBe(0);
    storage.setItem("nexus.answerThread", "{not json");
    expect(loadSessionThread("T1", storage)).toBeNull();
    storage.setItem("nexus.answerThread", JSON.stringify({ threadId: "T1", messages: [1] }));
    expect(loadSessionThread("T1", storage)).toBeNull();
  });
});
