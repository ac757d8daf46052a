import { OFFLINE_MODE_LABEL } from "@nexus/contracts";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { composeAnswer } from "./extractive-answer.ts";
import { MODEL_GUIDE_URL } from "./needs-model.ts";
import { NEEDS_MODEL_WORDS } from "./needs-model-words.ts";
import { createOfflineModel, OFFLINE_PROVIDER, textDeltas } from "./offline-model.ts";
import { focusMarker, formatSources, parseSources, WRITING_FOCUS_MARKER } from "./prompt-format.ts";

const SOURCES = formatSources([
  {
    title: "Connecting a language model — Ollama",
    url: "/blog/connecting-a-model#ollama",
    content:
      "Install Ollama, pull a model with `ollama pull llama3.1`, and keep Ollama running. " +
      "Then set `LLM_BASE_URL=http://127.0.0.1:11434/v1` and `LLM_MODEL=llama3.1`. " +
      "Ollama does not check the API key, so `LLM_API_KEY` can stay empty.",
  },
  {
    title: "Offline mode",
    url: "/blog/offline-mode",
    content:
      "Offline mode is how Nexus answers when no language model is configured. " +
      "For a fully local setup, run Ollama and use the Ollama base URL with LLM_MODEL=llama3.1.",
  },
]);
const SYSTEM = `${focusMarker("web")}\nAnswer from the sources and cite them as [n].\n${SOURCES}`;
const QUESTION = "How do I connect Ollama?";

describe("the offline engine through the AI SDK", () => {
  it("streams the extractive answer as text deltas and finishes with stop", async () => {
    const result = streamText({ model: createOfflineModel(), system: SYSTEM, prompt: QUESTION });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const expected = composeAnswer({ question: QUESTION, sources: parseSources(SOURCES) });
    expect(expected.kind).toBe("extractive");
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(expected.text);
    expect(await result.text).toBe(expected.text);
    expect(await result.finishReason).toBe("stop");
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect((await result.providerMetadata)?.[OFFLINE_PROVIDER]).toEqual({
      label: OFFLINE_MODE_LABEL,
      mode: "extractive",
      reason: null,
    });
    expect((await result.response).modelId).toBe("extractive");
  });

  it("emits the part sequence the UI-message stream expects", async () => {
    const result = streamText({ model: createOfflineModel(), system: SYSTEM, prompt: QUESTION });
    const types: string[] = [];
    for await (const part of result.toUIMessageStream()) types.push(part.type);
    expect(types[0]).toBe("start");
    expect(types).toContain("text-start");
    expect(types.filter((t) => t === "text-delta").length).toBeGreaterThan(3);
    expect(types.indexOf("text-end")).toBeGreaterThan(types.lastIndexOf("text-delta"));
    expect(types.at(-1)).toBe("finish");
  });

  it("works with generateText too", async () => {
    const { text, finishReason } = await generateText({
      model: createOfflineModel(),
      system: SYSTEM,
      prompt: QUESTION,
    });
    expect(finishReason).toBe("stop");
    expect(text).toMatch(/ \[1\]/);
  });

  it("says plainly that the writing focus needs a model, and how to configure one", async () => {
    const result = streamText({
      model: createOfflineModel(),
      system: `${WRITING_FOCUS_MARKER}\nWrite what the user asks.`,
      prompt: "Write a poem about the sea.",
    });
    const text = await result.text;
    for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", MODEL_GUIDE_URL])
      expect(text).toContain(name);
    expect(text).not.toMatch(/\[\d+\]/);
    expect((await result.providerMetadata)?.[OFFLINE_PROVIDER]).toMatchObject({
      mode: "needs-model",
      reason: "writing",
    });
  });

  it("says so when there are no sources", async () => {
    const text = await streamText({
      model: createOfflineModel(),
      system: focusMarker("web"),
      prompt: "What is the weather today?",
    }).text;
    expect(text).toContain("No sources were found");
    expect(text).toContain("LLM_BASE_URL");
  });

  it("says it in the question's language: French, Japanese, a German writing request", async () => {
    const ask = (prompt: string, system = focusMarker("web")) =>
      streamText({ model: createOfflineModel(), system, prompt }).text;
    const french = await ask("Quel temps fait-il aujourd'hui à Paris ?");
    expect(french).toContain(NEEDS_MODEL_WORDS.fr.opening["no-sources"]);
    expect(french).toContain(`[${NEEDS_MODEL_WORDS.fr.modelGuide}](${MODEL_GUIDE_URL})`);
    for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "SEARCH_PROVIDER"])
      expect(french).toContain(name);
    const japanese = await ask("今日の天気はどうですか？");
    expect(japanese).toContain(NEEDS_MODEL_WORDS.ja.opening["no-sources"]);
    expect(japanese).not.toContain("No sources were found");
    const german = await ask(
      "Schreibe bitte ein Gedicht über das Meer und die Wellen.",
      `${WRITING_FOCUS_MARKER}\nWrite what the user asks.`,
    );
    expect(german).toContain(NEEDS_MODEL_WORDS.de.opening.writing);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const result = streamText({
      model: createOfflineModel(),
      system: SYSTEM,
      prompt: QUESTION,
      abortSignal: controller.signal,
    });
    const seen: string[] = [];
    for await (const delta of result.textStream) {
      seen.push(delta);
      if (seen.length === 2) controller.abort();
    }
    const full = composeAnswer({ question: QUESTION, sources: parseSources(SOURCES) }).text;
    expect(seen.join("").length).toBeLessThan(full.length);
  });
});

describe("textDeltas", () => {
  it("splits into word groups whose concatenation is the text", () => {
    const text = "One two three four.\n\nFive six [2] seven.";
    const deltas = textDeltas(text, 3);
    expect(deltas.join("")).toBe(text);
    expect(deltas).toEqual(["One two three ", "four.\n\nFive six ", "[2] seven."]);
    expect(textDeltas("")).toEqual([]);
  });
});
