import type { AgentThreadResponse } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { turnsToMessages, versionReply } from "./agent-message.ts";

const tool = {
  type: "tool-web-search",
  toolCallId: "c1",
  state: "output-available",
  input: { query: "tides" },
  output: { results: [] },
};

describe("an agent conversation restored through contracts' storedTurnToMessages", () => {
  it("gives each turn its question and its reply's saved parts; a reply-less turn its question", () => {
    const thread: AgentThreadResponse = {
      agentId: "researcher",
      threadId: "T1",
      turns: [
        {
          id: "A1",
          timestamp: "2026-11-28T08:00:00.000Z",
          text: "Why tides?",
          parts: [tool, { type: "text", text: "The moon." }],
          stopped: true,
          isBookmarked: false,
        },
        {
          id: "A2",
          timestamp: "2026-11-28T08:01:00.000Z",
          text: "And?",
          parts: [],
          isBookmarked: false,
        },
      ],
    };
    const messages = turnsToMessages(thread);
    expect(messages.map((m) => [m.role, m.id])).toEqual([
      ["user", "A1-question"],
      ["assistant", "A1"],
      ["user", "A2-question"],
    ]);
    expect(messages[1]?.parts).toEqual([tool, { type: "text", text: "The moon.", state: "done" }]);
    expect(messages[1]?.metadata).toEqual({
      entryId: "A1",
      threadId: "T1",
      agentId: "researcher",
      stopped: true,
    });
  });

  it("draws an earlier version as a reply of its own, without the entry's ids", () => {
    const reply = versionReply(
      { id: "A1" },
      {
        timestamp: "2026-11-28T08:00:00.000Z",
        text: "Why?",
        parts: [{ type: "text", text: "Before." }],
        stopped: true,
      },
      0,
    );
    expect(reply).toEqual({
      id: "A1-v1",
      role: "assistant",
      parts: [{ type: "text", text: "Before.", state: "done" }],
      metadata: { stopped: true },
    });
  });
});
