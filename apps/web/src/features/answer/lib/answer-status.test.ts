import { describe, expect, it } from "vitest";
import { type AnswerUIMessage, answerContentOf } from "./answer-message.ts";
import { answerStatusText } from "./answer-status.ts";

const message = (parts: AnswerUIMessage["parts"]): AnswerUIMessage => ({
  id: "a",
  role: "assistant",
  parts,
});

describe("answerStatusText", () => {
  it("follows the parts as they arrive", () => {
    expect(answerStatusText("submitted", null)).toBe("Searching…");
    expect(answerStatusText("streaming", answerContentOf(message([])))).toBe("Searching…");
    const withSources = message([{ type: "source-url", sourceId: "1", url: "https://a.example/" }]);
    expect(answerStatusText("streaming", answerContentOf(withSources))).toBe("Reading sources…");
    const thinking = message([...withSources.parts, { type: "reasoning", text: "Hmm" }]);
    expect(answerStatusText("streaming", answerContentOf(thinking))).toBe("Thinking…");
    const writing = message([...thinking.parts, { type: "text", text: "Answer" }]);
    expect(answerStatusText("streaming", answerContentOf(writing))).toBe("Writing…");
  });

  it("is empty when nothing is on its way", () => {
    expect(answerStatusText("ready", null)).toBe("");
    expect(answerStatusText("error", null)).toBe("");
  });
});
