import { describe, expect, it } from "vitest";
import type { AnswerUIMessage } from "./answer-message.ts";
import { finishedMessages } from "./session-thread.ts";
import { isStopped, markStopped } from "./stopped-turn.ts";

const question: AnswerUIMessage = { id: "q", role: "user", parts: [{ type: "text", text: "Q?" }] };
const partial: AnswerUIMessage = {
  id: "a",
  role: "assistant",
  metadata: { entryId: "a", threadId: "T", model: "m", offline: false },
  parts: [
    { type: "reasoning", text: "Hmm", state: "done" },
    { type: "text", text: "The first wo", state: "streaming" },
  ],
};

describe("markStopped", () => {
  it("closes the last answer's open parts as they are and marks it stopped", () => {
    const [, answer] = markStopped([question, partial]);
    expect(isStopped(answer)).toBe(true);
    expect(answer?.parts).toEqual([
      { type: "reasoning", text: "Hmm", state: "done" },
      { type: "text", text: "The first wo", state: "done" },
    ]);
    expect(isStopped(partial), "the input is not changed").toBe(false);
  });

  it("makes a stopped turn one the tab keeps", () => {
    expect(finishedMessages([question, partial])).toEqual([]);
    expect(finishedMessages(markStopped([question, partial])).map((m) => m.id)).toEqual(["q", "a"]);
  });

  it("leaves messages without an answer at the end as they are", () => {
    expect(markStopped([question])).toEqual([question]);
    expect(markStopped([])).toEqual([]);
  });
});
