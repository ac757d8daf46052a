import type { PublicShare } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { sharedConversationOf } from "./shared-messages.ts";

const source = {
  title: "S",
  url: "https://s.example/",
  domain: "s.example",
  favicon: null,
  snippet: "",
};

describe("sharedConversationOf", () => {
  it("turns an answer share into one turn", () => {
    const share: PublicShare = {
      kind: "answer",
      shareId: "A".repeat(22),
      answer: {
        content: "The answer [1].",
        thinkingContent: "",
        sources: [source],
        images: [],
        videos: [],
        query: "The question",
        focusMode: "academic",
        isPdfFlow: false,
        isReasoningMode: false,
        offline: true,
        timestamp: "2025-01-02T03:04:05.000Z",
      },
    };
    const conversation = sharedConversationOf(share);
    expect(conversation).toMatchObject({
      kind: "answer",
      title: "The question",
      focusMode: "academic",
      sharedAt: "2025-01-02T03:04:05.000Z",
    });
    expect(conversation.messages).toEqual([
      {
        query: "The question",
        content: "The answer [1].",
        thinkingContent: "",
        sources: [source],
        images: [],
        videos: [],
        offline: true,
        timestamp: "2025-01-02T03:04:05.000Z",
      },
    ]);
  });

  it("keeps a thread's messages in order and its title", () => {
    const message = (query: string) => ({
      query,
      content: `About ${query}`,
      thinkingContent: "",
      sources: [],
      images: [],
      videos: [],
      offline: false,
      timestamp: "2025-01-01T00:00:00.000Z",
    });
    const share: PublicShare = {
      kind: "thread",
      shareId: `t${"B".repeat(22)}`,
      thread: {
        threadId: "T1",
        title: "",
        focusMode: "web",
        messages: [message("one"), message("two")],
        firstTimestamp: "2025-01-01T00:00:00.000Z",
        latestTimestamp: "2025-01-01T00:00:00.000Z",
        timestamp: "2025-01-03T00:00:00.000Z",
      },
    };
    const conversation = sharedConversationOf(share);
    expect(conversation.title).toBe("one");
    expect(conversation.sharedAt).toBe("2025-01-03T00:00:00.000Z");
    expect(conversation.messages.map((m) => m.query)).toEqual(["one", "two"]);
  });
});
