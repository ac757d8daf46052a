import { type AgentTurnVersion, storedTurnToMessages } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { type AgentUIMessage, attachmentsOf, versionReply } from "./agent-message.ts";

const tool = {
  type: "tool-web-search",
  toolCallId: "c1",
  state: "output-available",
  input: { query: "tides" },
  output: { results: [] },
};

describe("an agent conversation restored through GET /api/threads/:id", () => {
  it("gives the question its files' chips, the reply its parts, and each earlier version a reply", () => {
    // The messages as the thread API sends them (the server reads turns with this converter).
    const messages = storedTurnToMessages<AgentTurnVersion>({
      shape: "conversation",
      id: "A1",
      threadId: "T1",
      agentId: "maya",
      query: "Summarise the attached notes",
      parts: [tool, { type: "text", text: "Third try." }],
      results: { attachments: [{ id: "file-1", name: "notes.txt" }] },
      versions: [
        { timestamp: "2026-11-28T08:00:00.000Z", text: "Summarise", parts: [] },
        {
          timestamp: "2026-11-28T08:01:00.000Z",
          text: "Summarise the attached notes",
          parts: [{ type: "text", text: "Second try." }],
          stopped: true,
        },
      ],
    }) as AgentUIMessage[];
    const [question, reply] = messages;
    expect(messages.map((m) => [m.role, m.id])).toEqual([
      ["user", "A1-question"],
      ["assistant", "A1"],
    ]);
    expect(attachmentsOf(question as AgentUIMessage)).toEqual([
      { id: "file-1", name: "notes.txt" },
    ]);
    expect(reply?.parts).toEqual([tool, { type: "text", text: "Third try.", state: "done" }]);
    expect(reply?.metadata).toMatchObject({ entryId: "A1", threadId: "T1", agentId: "maya" });
    const versions = (reply?.metadata?.versions ?? []) as AgentTurnVersion[];
    expect(versions.map((v, i) => versionReply({ id: "A1" }, v, i))).toEqual([
      { id: "A1-v1", role: "assistant", parts: [], metadata: {} },
      {
        id: "A1-v2",
        role: "assistant",
        parts: [{ type: "text", text: "Second try.", state: "done" }],
        metadata: { stopped: true },
      },
    ]);
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
