import { describe, expect, it } from "vitest";
import { threadAgentName, threadHref } from "./thread-link.ts";

describe("threadHref", () => {
  it("opens an agent conversation at its agent's chat", () => {
    const thread = { threadId: "T1", title: "Plan", firstQuery: "Plan", kind: "agent" as const };
    expect(threadHref({ ...thread, agentId: "maya" })).toBe("/app/agents/maya/T1");
    expect(threadAgentName({ kind: "agent", agentId: "maya" })).toBe("Maya");
  });

  it("opens a custom agent's conversation at its chat", () => {
    const agentId = "custom:0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42";
    const thread = {
      threadId: "T3",
      title: "Hi",
      firstQuery: "Hi",
      kind: "agent" as const,
      agentId,
    };
    expect(threadHref(thread)).toBe("/app/agents/custom/0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42/T3");
    expect(threadAgentName(thread)).toBe("Custom agent");
  });

  it("opens answers (and conversations with an unknown agent) as a search", () => {
    const answer = { threadId: "T2", title: "Tides", firstQuery: "Why tides?" };
    expect(threadHref(answer)).toBe("/app/search/why-tides-T2");
    expect(threadHref({ ...answer, kind: "agent", agentId: "gone" })).toMatch(/^\/app\/search\//);
    expect(threadAgentName({ kind: "answer", agentId: null })).toBeNull();
  });

  it("opens a deep research at its run and report, labelled as research", () => {
    const thread = {
      threadId: "R1",
      title: "Solar recycling",
      firstQuery: "Solar recycling",
      kind: "research" as const,
    };
    expect(threadHref(thread)).toBe("/app/agents/deepresearch/R1");
    expect(threadAgentName(thread)).toBe("Deep research");
  });
});
