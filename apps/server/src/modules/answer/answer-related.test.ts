import { discoverQuestion } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../integrations/search/types.ts";
import { relatedFromCited, relatedSources } from "./answer.steps.ts";

const result = (url: string, title: string, heading?: string): SearchResult => ({
  url,
  title,
  snippet: "",
  source: "knowledge",
  ...(heading ? { heading } : {}),
});

const GUIDES = [
  result("/blog/signing-in#when-a-link-does-not-work", "Signing in", "When a link does not work"),
  result("/blog/agents#preset-agents", "Agents", "Preset agents"),
];

describe("related questions: none about the guides unless the question was (issue 38)", () => {
  it("drops guides that do not cover the question, keeps the web's pages", () => {
    const web = result("https://energy.example/heat-pumps", "Heat pumps in winter");
    const kept = relatedSources("How do heat pumps work in cold climates?", [...GUIDES, web]);
    expect(kept).toEqual([web]);
  });

  it("keeps guides for a question about them or about Nexus", () => {
    expect(relatedSources("What if a sign-in link does not work?", GUIDES)).toContainEqual(
      GUIDES[0],
    );
    expect(relatedSources("Which agents does Nexus have?", GUIDES)).toHaveLength(2);
  });

  it("offline: the cited sources first, then other results on the topic when they offer too few", () => {
    const connect = [
      result(
        "/blog/models#connecting",
        "Connecting a language model",
        "Connecting a language model",
      ),
      result("/blog/models#llama-cpp", "Connecting a language model", "llama.cpp"),
      result(
        "/blog/models#lm-studio",
        "Connecting a language model",
        "Using LM Studio as a model server",
      ),
      GUIDES[0] as SearchResult,
    ];
    const related = relatedFromCited({
      question: "How do I connect a language model?",
      results: connect,
      text: "Nexus works with any OpenAI-compatible API. [1]",
    });
    expect(related.length).toBeGreaterThanOrEqual(2);
    expect(related.join(" ")).toMatch(/llama\.cpp/);
    expect(related.join(" ")).toMatch(/LM Studio/);
    // The sign-in guide is not about the question: nothing from it.
    expect(related.join(" ")).not.toMatch(/link/i);
  });

  it("offline: from the cited sources only, and none when nothing was cited", () => {
    const cited = relatedFromCited({
      question: "What are preset agents?",
      results: GUIDES,
      text: "Nexus comes with ready-made agents. [2]",
    });
    expect(cited.every((q) => /^\p{Lu}.*\?$/u.test(q))).toBe(true);
    expect(
      relatedFromCited({ question: "Heat pumps?", results: GUIDES, text: "None of the sources…" }),
    ).toEqual([]);
  });

  it("news suggestions take turns in their phrasing", () => {
    const questions = ["A", "B", "C", "D"].map((t, i) => discoverQuestion({ title: t }, false, i));
    expect(questions.filter((q) => q.startsWith("What is the latest on"))).toHaveLength(1);
    expect(discoverQuestion({ title: "Is the bridge safe?" }, false, 0)).toBe(
      "Is the bridge safe?",
    );
  });
});
