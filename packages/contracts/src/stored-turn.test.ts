import { describe, expect, it } from "vitest";
import {
  answerResultsToParts,
  messageToStoredParts,
  type StoredPart,
  type StoredResults,
  storedPartsOf,
  storedResultsOf,
  storedTurnToMessages,
} from "./stored-turn.ts";

const source = {
  title: "Tides",
  url: "https://sea.example/tides",
  domain: "sea.example",
  favicon: null,
  snippet: "The moon pulls.",
};
const results: StoredResults = {
  markdown: "The moon [1].",
  thinking: "Gravity, then.",
  sources: [source],
  images: [{ url: "https://img.example/a.png" }],
  videos: [],
  related: ["Why two tides a day?"],
  unread: [{ url: "https://gone.example/", message: "gone.example could not be reached." }],
  model: "openai/gpt-test",
  offline: false,
};

/** An answer's parts as the web's chat holds them once the stream has ended. */
const streamed: StoredPart[] = [
  { type: "step-start" },
  {
    type: "data-status",
    data: { state: "retrying", attempt: 1, maxAttempts: 3, reason: "busy" },
  },
  {
    type: "data-status",
    data: { state: "unread", url: "https://gone.example/", message: results.unread?.[0]?.message },
  },
  { type: "source-url", sourceId: "1", url: source.url, title: source.title },
  { type: "data-sources", data: [source] },
  { type: "data-images", data: [{ url: "https://img.example/a.png" }] },
  { type: "data-videos", data: [] },
  { type: "reasoning", text: "Gravity, then.", state: "done", providerMetadata: { x: {} } },
  { type: "text", text: "The moon [1].", state: "done" },
  { type: "data-related", data: ["Why two tides a day?"] },
];

const turn = { shape: "answer" as const, id: "E1", threadId: "T1", query: "Why tides?" };

describe("stored turns: one shape, one converter each way", () => {
  it("saves an answer's parts without the transient ones and restores the same messages", () => {
    const stored = messageToStoredParts({ parts: streamed });
    expect(stored.map((p) => p.type)).toEqual([
      "data-status",
      "source-url",
      "data-sources",
      "data-images",
      "data-videos",
      "reasoning",
      "text",
      "data-related",
    ]);
    expect(stored.some((p) => "state" in p)).toBe(false);

    const [question, reply] = storedTurnToMessages({
      ...turn,
      focusMode: "academic",
      parts: JSON.parse(JSON.stringify(stored)),
      results,
    });
    expect(question).toEqual({
      id: "E1-q",
      role: "user",
      parts: [{ type: "text", text: "Why tides?" }],
    });
    expect(reply?.id).toBe("E1");
    expect(reply?.parts).toEqual(
      streamed
        .slice(2)
        .map(({ providerMetadata: _m, ...p }) => p)
        .map((p) => (p.type === "text" || p.type === "reasoning" ? { ...p, state: "done" } : p)),
    );
    expect(reply?.metadata).toEqual({
      entryId: "E1",
      threadId: "T1",
      model: "openai/gpt-test",
      offline: false,
      focusMode: "academic",
    });
  });

  it("reads a row saved before parts were kept as the same messages a saved-parts row gives", () => {
    const old = storedTurnToMessages({ ...turn, focusMode: "web", parts: null, results });
    const saved = storedTurnToMessages({
      ...turn,
      focusMode: "web",
      parts: messageToStoredParts({ parts: streamed }),
      results,
    });
    expect(old).toEqual(saved);
    // What the answer page rebuilt from results before (entries-to-messages), part for part.
    expect(old[1]?.parts).toEqual([
      { type: "data-status", data: { state: "unread", ...results.unread?.[0] } },
      { type: "source-url", sourceId: "1", url: source.url, title: source.title },
      { type: "data-sources", data: [source] },
      { type: "data-images", data: results.images },
      { type: "data-videos", data: [] },
      { type: "reasoning", text: "Gravity, then.", state: "done" },
      { type: "text", text: "The moon [1].", state: "done" },
      { type: "data-related", data: ["Why two tides a day?"] },
    ]);
  });

  it("keeps an old row's stop, attached files and versions; no reasoning or related when empty", () => {
    const files = [{ id: "f1", name: "report.pdf" }];
    const versions = [{ query: "Before", timestamp: "2026-01-01T00:00:00.000Z" }];
    const [question, reply] = storedTurnToMessages({
      ...turn,
      parts: undefined,
      results: {
        markdown: "",
        sources: [],
        images: [],
        videos: [],
        thinking: " ",
        stopped: true,
        attachments: files,
      },
      versions,
    });
    expect(question?.parts).toEqual([
      { type: "data-attachments", data: files },
      { type: "text", text: "Why tides?" },
    ]);
    expect(reply?.parts.map((p) => p.type)).toEqual([
      "data-sources",
      "data-images",
      "data-videos",
      "text",
    ]);
    expect(reply?.metadata).toMatchObject({ stopped: true, versions, focusMode: "web" });
  });

  it("restores an agent turn from its parts, an old one from its text, and a reply-less one alone", () => {
    const parts: StoredPart[] = [
      {
        type: "tool-web-search",
        toolCallId: "c1",
        state: "output-available",
        input: { q: "x" },
        output: {},
      },
      { type: "text", text: "Done." },
    ];
    const agent = {
      shape: "conversation" as const,
      id: "A1",
      threadId: "T2",
      query: "Go",
      agentId: "researcher",
    };
    const [question, reply] = storedTurnToMessages({ ...agent, parts, results: {}, stopped: true });
    expect(question?.id).toBe("A1-question");
    expect(reply?.parts).toEqual([parts[0], { type: "text", text: "Done.", state: "done" }]);
    expect(reply?.metadata).toEqual({
      entryId: "A1",
      threadId: "T2",
      agentId: "researcher",
      stopped: true,
    });

    const old = storedTurnToMessages({ ...agent, parts: null, results: { markdown: "Earlier." } });
    expect(old[1]?.parts).toEqual([{ type: "text", text: "Earlier.", state: "done" }]);
    expect(storedTurnToMessages({ ...agent, parts: [], results: {} })).toHaveLength(1);
    // A reply of the offline engine says so when restored (a document chat's, an agent's).
    const offline = storedTurnToMessages({
      ...agent,
      parts,
      results: storedResultsOf({ markdown: "Done.", offline: true }),
    });
    expect(offline[1]?.metadata).toMatchObject({ entryId: "A1", offline: true });
    expect(old[1]?.metadata).not.toHaveProperty("offline");
  });

  it("cuts what agents keep of read pages and found passages, as before", () => {
    const page = "p".repeat(700);
    const [read, found] = messageToStoredParts({
      parts: [
        {
          type: "tool-read-url",
          toolCallId: "r",
          state: "output-available",
          input: {},
          output: { url: "u", text: page },
        },
        {
          type: "tool-search-files",
          toolCallId: "s",
          state: "output-available",
          input: {},
          output: { results: [{ text: "q".repeat(400), name: "a.pdf" }, { text: "short" }] },
        },
      ],
    });
    expect(read?.output).toEqual({ url: "u", text: `${"p".repeat(600)}…` });
    expect(found?.output).toEqual({
      results: [{ text: `${"q".repeat(300)}…`, name: "a.pdf" }, { text: "short" }],
    });
  });

  it("reads back only parts that are objects with a type", () => {
    expect(storedPartsOf(null)).toBeNull();
    expect(storedPartsOf([{ type: "text", text: "a" }, { text: "b" }, "c", null])).toEqual([
      { type: "text", text: "a" },
    ]);
    expect(answerResultsToParts({}).map((p) => p.type)).toEqual([
      "data-sources",
      "data-images",
      "data-videos",
      "text",
    ]);
  });
});
