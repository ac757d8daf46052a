import { describe, expect, it } from "vitest";
import { questionFrom, relatedQuestions } from "./related-questions.ts";

describe("questionFrom", () => {
  it("keeps questions, asks how for instructions, and asks for more otherwise", () => {
    expect(questionFrom("Is Nexus free?")).toBe("Is Nexus free?");
    expect(questionFrom("Ask your first question")).toBe("How do I ask my first question?");
    expect(questionFrom("What counts against a limit")).toBe("What counts against a limit?");
    expect(questionFrom("When the model fails")).toBe("Tell me more about when the model fails");
    expect(questionFrom("Reasoning mode")).toBe("Tell me more about reasoning mode");
    expect(questionFrom("LM Studio")).toBe("Tell me more about LM Studio");
    expect(questionFrom("Brave Search")).toBe("Tell me more about Brave Search");
  });
});

describe("relatedQuestions", () => {
  const sources = [
    { title: "Connecting a language model — Ollama", heading: "Ollama" },
    { title: "Connecting a language model — Reasoning mode" },
    { title: "Frequently asked questions — Is Nexus free?", heading: "Is Nexus free?" },
    { title: "Connecting a language model — Reasoning mode" },
    { title: "Appearance, dark mode and colour themes — Colour themes", heading: "Colour themes" },
    { title: "Getting started — Ask your first question", heading: "Ask your first question" },
  ];

  it("proposes up to 5 distinct questions from headings, then titles, deterministically", () => {
    const first = relatedQuestions({ question: "How do I connect Ollama?", sources });
    expect(first).toEqual([
      "Tell me more about reasoning mode",
      "Is Nexus free?",
      "Tell me more about colour themes",
      "How do I ask my first question?",
      "Tell me more about connecting a language model",
    ]);
    expect(relatedQuestions({ question: "How do I connect Ollama?", sources })).toEqual(first);
    expect(relatedQuestions({ question: "x", sources, max: 3 })).toHaveLength(3);
  });

  it("skips topics that repeat the question and topics without content words", () => {
    const result = relatedQuestions({
      question: "What is Nexus?",
      sources: [{ title: "What is Nexus?" }, { title: "What is Nexus? — Who it is for" }],
    });
    expect(result).toEqual([]);
  });
});
