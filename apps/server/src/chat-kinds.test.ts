import { describe, expect, it } from "vitest";
import { declarationOf } from "./ai/chat/chat-kinds.ts";
import { chatKinds } from "./chat-kinds.ts";

/**
 * Where each shipped kind's threads open and what they are called (their declarations: what the
 * web's lib/thread-link.ts decided before, now presented by the server).
 */
const kinds = chatKinds();
const link = (kind: string, subjectId: string | null, threadId: string, firstQuery = "") =>
  declarationOf(kinds, kind).link({ threadId, subjectId, firstQuery });

describe("the shipped kinds' declarations", () => {
  it("open an agent conversation at its agent's chat, a preset's or a custom one's", () => {
    expect(link("agent", "maya", "T1")).toBe("/app/agents/maya/T1");
    expect(link("agent", "custom:0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42", "T3")).toBe(
      "/app/agents/custom/0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42/T3",
    );
  });

  it("open answers, and conversations with an agent no longer known, as a search", () => {
    expect(link("answer", null, "T2", "Why tides?")).toBe("/app/search/why-tides-T2");
    expect(link("agent", "gone", "T2", "Why tides?")).toBe("/app/search/why-tides-T2");
    // A row of a kind this server does not know is presented as the first kind (an answer).
    expect(link("retired-kind", null, "T2", "Why tides?")).toBe("/app/search/why-tides-T2");
  });

  it("open a document chat beside its document, a research at its run and report", () => {
    expect(link("document", "f1", "D1")).toBe("/app/document-chat/f1/D1");
    expect(link("research", null, "R1")).toBe("/app/agents/deepresearch/R1");
    expect(link("nexdocs", "d1", "N1")).toBe("/app/nexdocs/d1/N1");
  });

  it("name each kind, and badge a research as one whatever its subject", () => {
    expect(["answer", "agent", "document", "research"].map((k) => kinds.get(k)?.label)).toEqual([
      "Answer",
      "Agent",
      "Document chat",
      "Deep research",
    ]);
    expect(declarationOf(kinds, "research").badge?.(null)).toBe("Deep research");
    expect(declarationOf(kinds, "answer").historyFilter).toBe("answer");
    expect(declarationOf(kinds, "agent").historyFilter).toBe("agent");
  });
});
