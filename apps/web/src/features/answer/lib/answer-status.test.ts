import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { type AnswerUIMessage, answerContentOf } from "./answer-message.ts";
import { answerStatusText } from "./answer-status.ts";

const message = (parts: AnswerUIMessage["parts"]): AnswerUIMessage => ({
  id: "a",
  role: "assistant",
  parts,
});

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

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

  it("says what it does, and that the model is retried, in the interface's language", async () => {
    await activateLocale("fr");
    expect(answerStatusText("submitted", null)).toBe("Recherche…");
    const withSources = message([{ type: "source-url", sourceId: "1", url: "https://a.example/" }]);
    expect(answerStatusText("streaming", answerContentOf(withSources))).toBe(
      "Lecture des sources…",
    );
    const retrying = { state: "retrying", attempt: 2, maxAttempts: 3, reason: "busy" } as const;
    expect(answerStatusText("submitted", null, retrying)).toBe(
      "Le modèle est occupé — nouvel essai… (tentative 2 sur 3)",
    );
  });

  it("is empty when nothing is on its way", () => {
    expect(answerStatusText("ready", null)).toBe("");
    expect(answerStatusText("error", null)).toBe("");
  });
});

describe("answerContentOf: complete", () => {
  it("is true once every text and reasoning part has ended", () => {
    const done = message([
      { type: "reasoning", text: "Hmm", state: "done" },
      { type: "text", text: "Answer [1].", state: "done" },
    ]);
    expect(answerContentOf(done).complete).toBe(true);
  });

  it("is false for an answer stopped or failed half-way, or with no text", () => {
    const stopped = message([{ type: "text", text: "Half an ans", state: "streaming" }]);
    expect(answerContentOf(stopped).complete).toBe(false);
    const thinking = message([
      { type: "reasoning", text: "Hmm", state: "streaming" },
      { type: "text", text: "", state: "done" },
    ]);
    expect(answerContentOf(thinking).complete).toBe(false);
    expect(answerContentOf(message([])).complete).toBe(false);
    expect(answerContentOf(undefined).complete).toBe(false);
  });
});

describe("answerStatusText while the model is retried", () => {
  const retry = (reason: "busy" | "error" | "network") => ({
    state: "retrying" as const,
    attempt: 2,
    maxAttempts: 3,
    reason,
  });

  it("names the retry and its reason until text arrives", () => {
    expect(answerStatusText("submitted", null, retry("busy"))).toBe(
      "The model is busy — retrying… (attempt 2 of 3)",
    );
    const sources = message([{ type: "source-url", sourceId: "1", url: "https://a.example/" }]);
    expect(answerStatusText("streaming", answerContentOf(sources), retry("error"))).toBe(
      "The model did not answer — retrying… (attempt 2 of 3)",
    );
    const writing = message([...sources.parts, { type: "text", text: "Answer" }]);
    expect(answerStatusText("streaming", answerContentOf(writing), retry("busy"))).toBe("Writing…");
    expect(answerStatusText("ready", null, retry("network"))).toBe("");
  });
});
