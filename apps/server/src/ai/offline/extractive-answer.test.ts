import { describe, expect, it } from "vitest";
import { composeAnswer } from "./extractive-answer.ts";
import type { PromptSource } from "./prompt-format.ts";

const SOURCES: PromptSource[] = [
  {
    n: 1,
    title: "Connecting a language model — Ollama",
    url: "/blog/connecting-a-model#ollama",
    content:
      "Install Ollama, pull a model with `ollama pull llama3.1`, and keep Ollama running.\n" +
      "Then set `LLM_BASE_URL=http://127.0.0.1:11434/v1` and `LLM_MODEL=llama3.1`.\n" +
      "Ollama does not check the API key, so `LLM_API_KEY` can stay empty.",
  },
  {
    n: 2,
    title: "Appearance",
    url: "/blog/appearance",
    content:
      "Nexus has eight colour themes. Indigo is the default colour theme. Every colour theme works in both light and dark mode.",
  },
  {
    n: 3,
    title: "Offline mode",
    url: "/blog/offline-mode",
    content:
      "Offline mode is how Nexus answers when no language model is configured. " +
      "Install Ollama, pull a model with `ollama pull llama3.1`, and keep Ollama running. " +
      "Set LLM_BASE_URL to switch from offline mode to a model such as Ollama.",
  },
];

function sourceOf(n: number) {
  return SOURCES.find((s) => s.n === n);
}

describe("composeAnswer", () => {
  const answer = composeAnswer({ question: "How do I connect Ollama?", sources: SOURCES });

  it("quotes 1–6 verbatim sentences (never padded), each cited to a source that contains it", () => {
    expect(answer.kind).toBe("extractive");
    if (answer.kind !== "extractive") return;
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
    expect(answer.citations.length).toBeLessThanOrEqual(6);
    for (const { sentence, source } of answer.citations) {
      expect(sourceOf(source)?.content).toContain(sentence);
      expect(answer.text).toContain(`${sentence} [${source}]`);
    }
  });

  it("answers from the relevant source, not the off-topic one, and quotes a repeated sentence once", () => {
    if (answer.kind !== "extractive") throw new Error(answer.text);
    expect(answer.citations[0]?.source).toBe(1);
    expect(answer.citations.some((c) => c.source === 2)).toBe(false);
    const sentences = answer.citations.map((c) => c.sentence);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it("groups the quotes by source, each source's sentences in its own order, a paragraph per source", () => {
    if (answer.kind !== "extractive") throw new Error(answer.text);
    const order = answer.citations.map((c) => c.source);
    // One run per source: a source never comes back after another one.
    expect(order.filter((s, i) => s !== order[i - 1])).toEqual([...new Set(order)]);
    const first = SOURCES[0]?.content ?? "";
    const positions = answer.citations
      .filter((c) => c.source === 1)
      .map((c) => first.indexOf(c.sentence));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(answer.text.split("\n\n")).toHaveLength(new Set(order).size);
  });

  it("leads with the source of the most relevant sentence, even when it is not source [1]", () => {
    const sources: PromptSource[] = [
      {
        n: 1,
        title: "Settings",
        url: "/blog/settings",
        content:
          "Settings has a section for the appearance of the app. " +
          "The reasoning model is served by the same server as the other model. " +
          "You can change your name in settings.",
      },
      {
        n: 2,
        title: "Connecting a model",
        url: "/blog/connecting-a-model",
        content:
          "To connect a model, set LLM_BASE_URL to the base URL of the model server. " +
          "Restart Nexus after you change it.",
      },
    ];
    const led = composeAnswer({ question: "How do I connect a model with LLM_BASE_URL?", sources });
    if (led.kind !== "extractive") throw new Error(led.text);
    expect(led.citations[0]).toEqual({
      sentence: "To connect a model, set LLM_BASE_URL to the base URL of the model server.",
      source: 2,
    });
    expect(led.text.startsWith("To connect a model")).toBe(true);
  });

  it("quotes fewer sentences only when the sources have fewer", () => {
    const short = composeAnswer({
      question: "What is the default colour theme?",
      sources: [
        { n: 1, title: "Themes", url: "/t", content: "Indigo is the default colour theme." },
      ],
    });
    expect(short).toMatchObject({
      kind: "extractive",
      text: "Indigo is the default colour theme. [1]",
    });
  });

  it("declines when there are no sources or nothing in them about the question", () => {
    expect(composeAnswer({ question: "Anything?", sources: [] })).toMatchObject({
      kind: "needs-model",
      reason: "no-sources",
    });
    const unrelated = composeAnswer({ question: "What is the capital of Peru?", sources: SOURCES });
    expect(unrelated).toMatchObject({ kind: "needs-model", reason: "no-match" });
    expect(unrelated.text).toContain("LLM_BASE_URL");
  });

  it("never emits more than the maximum", () => {
    const many: PromptSource[] = Array.from({ length: 10 }, (_, i) => ({
      n: i + 1,
      title: `Ollama guide ${i + 1}`,
      url: `/g/${i}`,
      content: Array.from(
        { length: 8 },
        (_, j) => `Ollama tip ${i}-${j} explains setting number ${j} for model ${i} clearly.`,
      ).join(" "),
    }));
    const result = composeAnswer({ question: "Ollama tips", sources: many, maxSentences: 6 });
    if (result.kind !== "extractive") throw new Error(result.text);
    expect(result.citations.length).toBeLessThanOrEqual(6);
    expect(result.citations.length).toBeGreaterThanOrEqual(3);
  });

  it("quotes the top page's heading and unterminated line, and pads with nothing unrelated", () => {
    const sources: PromptSource[] = [
      {
        n: 1,
        title: "tracemonkey.pdf, p. 12",
        url: "/f/1#page=12",
        content: "7. Future Work\nNested trace trees for recursion and exceptions",
      },
      {
        n: 2,
        title: "Signing in",
        url: "/blog/signing-in",
        content:
          "Nexus sends a sign-in link by e-mail. The link works once and for fifteen minutes. " +
          "Work on your answers continues after you sign in.",
      },
      {
        n: 3,
        title: "other.pdf, p. 1",
        url: "/f/2#page=1",
        content: "Contents\n1 Introduction 1\n6 Related Work 9",
      },
    ];
    const answer = composeAnswer({ question: "What is in the Future Work section?", sources });
    if (answer.kind !== "extractive") throw new Error(answer.text);
    expect(answer.citations[0]).toEqual({ sentence: "Future Work", source: 1 });
    expect(answer.citations.every((c) => c.source === 1)).toBe(true);
  });

  it("a request to summarise a pasted page is about the page: the asking words are no topic", () => {
    const page: PromptSource = {
      n: 1,
      title: "Tides explained",
      url: "http://127.0.0.7/tides",
      content:
        "The moon's gravity pulls the oceans toward it, which makes two high tides every day. " +
        "Spring tides come when the sun and the moon line up.",
    };
    for (const verb of ["Summarise", "Summarize", "Give an overview of", "Recap"]) {
      const answer = composeAnswer({
        question: `${verb} "Tides explained" (http://127.0.0.7/tides).`,
        sources: [page],
      });
      expect(answer.kind, verb).toBe("extractive");
      expect(answer.text).toContain("two high tides every day");
    }
  });
});
