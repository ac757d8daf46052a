import { ANSWER_THREAD_SESSION_KEY, importThreadRequestSchema } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import {
  readSessionThreadsForImport,
  rememberImportAsked,
  wasImportAsked,
} from "./session-thread-import.ts";

const THREAD_ID = "AbCdEfGhIjKlMnOpQrStUv";
const source = {
  title: "Example",
  url: "https://example.com/a",
  domain: "example.com",
  favicon: null,
  snippet: "An example.",
};

function stored(messages: unknown[], extra: Record<string, unknown> = {}) {
  return createMemoryStorage({
    [ANSWER_THREAD_SESSION_KEY]: JSON.stringify({
      threads: [{ threadId: THREAD_ID, focusMode: "academic", messages, ...extra }],
    }),
  });
}

/** The one thread of `stored(...)` as an import request (null when it does not fit). */
const readSessionThreadForImport = (storage: ReturnType<typeof createMemoryStorage>) =>
  readSessionThreadsForImport(storage)[0] ?? null;

const user = (id: string, text: string) => ({ id, role: "user", parts: [{ type: "text", text }] });
const assistant = (id: string, text: string, sources: unknown[] = [], stopped = false) => ({
  id,
  role: "assistant",
  ...(stopped
    ? { metadata: { entryId: id, threadId: THREAD_ID, model: "m", offline: false, stopped } }
    : {}),
  parts: [
    { type: "source-url", sourceId: "1", url: "https://example.com/a" },
    { type: "data-sources", data: sources },
    { type: "text", text, state: "done" },
  ],
});

describe("readSessionThreadForImport", () => {
  it("turns the tab's question/answer pairs into an import request", () => {
    const storage = stored([
      user("u1", "First question"),
      assistant("a1", "First answer [1].", [source]),
      user("u2", "Second question"),
      assistant("a2", "Second answer."),
    ]);
    const request = readSessionThreadForImport(storage);
    expect(importThreadRequestSchema.safeParse(request).success).toBe(true);
    expect(request).toEqual({
      threadId: THREAD_ID,
      focusMode: "academic",
      turns: [
        { query: "First question", markdown: "First answer [1].", sources: [source] },
        { query: "Second question", markdown: "Second answer.", sources: [] },
      ],
    });
  });

  it("skips a question without an answer and answers without text", () => {
    const storage = stored([
      user("u1", "Kept"),
      assistant("a1", "Yes."),
      user("u2", "Empty"),
      assistant("a2", "  "),
      user("u3", "Unanswered"),
    ]);
    expect(readSessionThreadForImport(storage)?.turns.map((turn) => turn.query)).toEqual(["Kept"]);
  });

  it("is null without a thread, with broken JSON, no turns or a bad shape", () => {
    expect(readSessionThreadForImport(createMemoryStorage())).toBeNull();
    expect(
      readSessionThreadForImport(createMemoryStorage({ [ANSWER_THREAD_SESSION_KEY]: "{" })),
    ).toBeNull();
    expect(readSessionThreadForImport(stored([user("u1", "Only a question")]))).toBeNull();
    expect(
      readSessionThreadForImport(
        stored([user("u1", "Q"), assistant("a1", "A")], { threadId: "bad id!" }),
      ),
    ).toBeNull();
    expect(
      readSessionThreadForImport(stored([user("u1", "Q"), assistant("a1", "A", [{ url: 3 }])])),
    ).toBeNull();
  });
});

describe("several threads and stopped turns", () => {
  it("reads every thread of the tab, each with its stopped turns, even empty ones", () => {
    const other = "OtherThreadId123";
    const storage = createMemoryStorage({
      [ANSWER_THREAD_SESSION_KEY]: JSON.stringify({
        threads: [
          {
            threadId: other,
            focusMode: "web",
            messages: [user("u1", "Stopped early"), assistant("a1", "", [], true)],
          },
          {
            threadId: THREAD_ID,
            focusMode: "academic",
            messages: [
              user("u2", "Finished"),
              assistant("a2", "Done [1].", [source]),
              user("u3", "Stopped later"),
              assistant("a3", "Half of it", [], true),
            ],
          },
          { threadId: "bad id!", focusMode: "web", messages: [] },
        ],
      }),
    });
    const requests = readSessionThreadsForImport(storage);
    for (const r of requests) expect(importThreadRequestSchema.safeParse(r).success).toBe(true);
    expect(requests).toEqual([
      {
        threadId: other,
        focusMode: "web",
        turns: [{ query: "Stopped early", markdown: "", sources: [], stopped: true }],
      },
      {
        threadId: THREAD_ID,
        focusMode: "academic",
        turns: [
          { query: "Finished", markdown: "Done [1].", sources: [source] },
          { query: "Stopped later", markdown: "Half of it", sources: [], stopped: true },
        ],
      },
    ]);
  });
});

describe("the import question is asked once per thread", () => {
  it("remembers every thread whose question was answered", () => {
    const storage = createMemoryStorage();
    expect(wasImportAsked(THREAD_ID, storage)).toBe(false);
    rememberImportAsked(THREAD_ID, storage);
    expect(wasImportAsked(THREAD_ID, storage)).toBe(true);
    expect(wasImportAsked("OtherThreadId123", storage)).toBe(false);
    rememberImportAsked("OtherThreadId123", storage);
    rememberImportAsked(THREAD_ID, storage);
    expect(wasImportAsked(THREAD_ID, storage)).toBe(true);
    expect(wasImportAsked("OtherThreadId123", storage)).toBe(true);
  });
});
