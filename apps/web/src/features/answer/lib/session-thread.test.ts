import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import type { AnswerUIMessage } from "./answer-message.ts";
import {
  clearSessionThread,
  finishedMessages,
  listSessionThreads,
  loadSessionThread,
  SESSION_THREADS_MAX,
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

  it("keeps every thread of the tab, the most recently saved first, up to the cap", () => {
    const storage = createMemoryStorage();
    const turn = [question("q", "One?"), answer("a", "Yes.")];
    saveSessionThread({ threadId: "T1", focusMode: "web", messages: turn }, storage);
    saveSessionThread({ threadId: "T2", focusMode: "academic", messages: turn }, storage);
    expect(listSessionThreads(storage).map((t) => t.threadId)).toEqual(["T2", "T1"]);
    expect(loadSessionThread("T1", storage)?.focusMode).toBe("web");
    // Saving T1 again moves it first and keeps one copy.
    saveSessionThread({ threadId: "T1", focusMode: "web", messages: turn }, storage);
    expect(listSessionThreads(storage).map((t) => t.threadId)).toEqual(["T1", "T2"]);
    for (let i = 0; i < SESSION_THREADS_MAX + 5; i++)
      saveSessionThread({ threadId: `X${i}`, focusMode: "web", messages: turn }, storage);
    expect(listSessionThreads(storage)).toHaveLength(SESSION_THREADS_MAX);
    expect(listSessionThreads(storage)[0]?.threadId).toBe(`X${SESSION_THREADS_MAX + 4}`);
  });
});
