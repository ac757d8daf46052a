import type { ThreadEntry } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { answerContentOf, attachmentsOf, textOf, turnsOf } from "./answer-message.ts";
import { entriesToMessages, versionMessages } from "./entries-to-messages.ts";
import { isStopped } from "./stopped-turn.ts";
import { createThreadId } from "./thread-id.ts";

const source = {
  title: "Sign in",
  url: "https://nexus.example/help/sign-in",
  domain: "nexus.example",
  favicon: null,
  snippet: "Use an e-mail link.",
};

const entry = (id: string, thinking: string, related?: string[]): ThreadEntry => ({
  id,
  threadId: "T1",
  timestamp: "2026-01-01T00:00:00.000Z",
  query: `Question ${id}`,
  focusMode: "academic",
  results: {
    markdown: `Answer ${id} [1].`,
    sources: [source],
    images: [{ url: "https://img.example/a.png", pageUrl: "https://img.example/a" }],
    videos: [],
    thinking,
    ...(related ? { related } : {}),
  },
  isBookmarked: false,
});

describe("entriesToMessages", () => {
  it("gives a question back the files it was asked with, for its chips and for Regenerate", () => {
    const files = [{ id: "0f8fad5b-d9cb-469f-a165-70867728950e", name: "report.pdf" }];
    const withFiles = entry("e1", "");
    withFiles.results.attachments = files;
    const [question, , plain] = entriesToMessages([withFiles, entry("e2", "")]);
    expect(question && attachmentsOf(question)).toEqual(files);
    expect(question && textOf(question)).toBe("Question e1");
    expect(plain && attachmentsOf(plain)).toEqual([]);
  });

  it("makes a question and an answer per entry, the answer keyed by the entry id", () => {
    const messages = entriesToMessages([entry("e1", "", ["Why?"]), entry("e2", "Let me think")]);
    expect(messages.map((m) => [m.role, m.id])).toEqual([
      ["user", "e1-q"],
      ["assistant", "e1"],
      ["user", "e2-q"],
      ["assistant", "e2"],
    ]);
    expect(messages[1]?.metadata).toEqual({
      entryId: "e1",
      threadId: "T1",
      model: "",
      offline: false,
      focusMode: "academic",
    });

    const turns = turnsOf(messages);
    expect(turns.map((t) => t.query)).toEqual(["Question e1", "Question e2"]);
    const first = answerContentOf(turns[0]?.answer);
    expect(first.text).toBe("Answer e1 [1].");
    expect(first.sources).toEqual([source]);
    expect(first.images).toHaveLength(1);
    expect(first.related).toEqual(["Why?"]);
    expect(first.reasoning).toBe("");
    expect(messages[1]?.parts.some((p) => p.type === "reasoning")).toBe(false);

    const second = answerContentOf(turns[1]?.answer);
    expect(second.reasoning).toBe("Let me think");
    expect(second.related).toEqual([]);
    expect(second.hasSources).toBe(true);
    expect(first.complete && second.complete, "saved answers are complete").toBe(true);
  });

  it("keeps an answer's earlier versions in its metadata, each drawable as a turn of its own", () => {
    const first = entry("e1", "");
    const earlier = {
      query: "Why tides?",
      timestamp: "2026-11-28T08:00:00.000Z",
      results: { ...first.results, markdown: "Older [1]." },
    };
    const [, answer] = entriesToMessages([{ ...first, versions: [earlier] }]);
    expect(answer?.metadata?.versions).toEqual([earlier]);
    const [turn] = turnsOf(versionMessages(first, earlier, 0));
    expect(turn?.query).toBe("Why tides?");
    expect(turn?.answer?.id).toBe("e1-v1");
    expect(answerContentOf(turn?.answer).text).toBe("Older [1].");
    const [, plain] = entriesToMessages([first]);
    expect(plain?.metadata?.versions).toBeUndefined();
  });

  it("restores which model wrote an answer, and the offline label", () => {
    const saved = entry("e3", "");
    const offline = {
      ...saved,
      results: { ...saved.results, model: "nexus-offline/extractive", offline: true },
    };
    expect(entriesToMessages([offline])[1]?.metadata).toMatchObject({
      model: "nexus-offline/extractive",
      offline: true,
    });
  });

  it("restores a stopped entry as a stopped answer", () => {
    const saved = entry("e4", "");
    const stopped = { ...saved, results: { ...saved.results, stopped: true } };
    const [, answer] = entriesToMessages([stopped]);
    expect(isStopped(answer)).toBe(true);
    expect(isStopped(entriesToMessages([saved])[1])).toBe(false);
  });

  it("restores an answer from its saved parts (as streamed), its versions from theirs", () => {
    const saved: ThreadEntry = {
      ...entry("e5", ""),
      parts: [
        { type: "source-url", sourceId: "1", url: source.url, title: source.title },
        { type: "data-sources", data: [source] },
        { type: "data-images", data: [] },
        { type: "data-videos", data: [] },
        { type: "reasoning", text: "First this." },
        { type: "text", text: "Streamed [1]." },
        { type: "reasoning", text: "Then that." },
        { type: "text", text: " More." },
      ],
    };
    const [, answer] = entriesToMessages([saved]);
    expect(answer?.parts.map((p) => p.type)).toEqual([
      "source-url",
      "data-sources",
      "data-images",
      "data-videos",
      "reasoning",
      "text",
      "reasoning",
      "text",
    ]);
    expect(answer?.parts.filter((p) => p.type === "text")).toEqual([
      { type: "text", text: "Streamed [1].", state: "done" },
      { type: "text", text: " More.", state: "done" },
    ]);
    const earlier = {
      query: "Why?",
      timestamp: "2026-11-28T08:00:00.000Z",
      results: saved.results,
      parts: [{ type: "text", text: "Older, from parts." }],
    };
    const [turn] = turnsOf(versionMessages(saved, earlier, 0));
    expect(answerContentOf(turn?.answer).text).toBe("Older, from parts.");
  });

  it("gives an empty thread no messages", () => {
    expect(entriesToMessages([])).toEqual([]);
  });
});

describe("createThreadId", () => {
  it("makes 22 URL-safe characters without '-' or '_'", () => {
    const ids = new Set(Array.from({ length: 50 }, createThreadId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});
