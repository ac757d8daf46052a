import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { createLocalSearch } from "../../integrations/search/local.ts";
import { terms } from "../../lib/text-tokens.ts";
import { EVAL_QUESTIONS } from "./offline-eval.questions.ts";
import { relatedQuestions } from "./related-questions.ts";

/**
 * The offline related-questions builder over the knowledge-base questions, with the sources local
 * search really returns for each: every suggestion reads as a person's question.
 */

interface Outcome {
  question: string;
  sourceTerms: Set<string>;
  related: string[];
}

let db: TestDatabase;
const outcomes: Outcome[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  await indexKnowledgeBase({ db: db.db });
  const search = createLocalSearch({ db: db.db, limit: 8 });
  for (const { question } of EVAL_QUESTIONS) {
    const { results } = await search.search({ query: question });
    const sources = results.map((r) => ({
      title: r.title,
      ...(r.heading ? { heading: r.heading } : {}),
      snippet: r.snippet,
    }));
    const sourceTerms = new Set(
      [question, ...sources.map((s) => `${s.title} ${s.heading ?? ""}`)].flatMap((t) => terms(t)),
    );
    outcomes.push({ question, sourceTerms, related: relatedQuestions({ question, sources }) });
  }
});

afterAll(async () => {
  await db?.close();
});

describe("offline related questions over the knowledge base", () => {
  it("covers at least 30 questions and suggests something for nearly all of them", () => {
    console.log(outcomes.map((o) => `${o.question}\n  ${o.related.join("\n  ")}`).join("\n"));
    expect(outcomes.length).toBeGreaterThanOrEqual(30);
    const withSuggestions = outcomes.filter((o) => o.related.length >= 2).length;
    expect(withSuggestions / outcomes.length).toBeGreaterThanOrEqual(0.9);
  });

  it("phrases every suggestion as a question: a capital first, a question mark last", () => {
    for (const o of outcomes)
      for (const q of o.related) {
        expect(q, o.question).toMatch(/^\p{Lu}/u);
        expect(q, o.question).toMatch(/\?$/);
        expect(q.includes("??"), q).toBe(false);
      }
  });

  it("never says 'Tell me more about', and never repeats the question or itself", () => {
    for (const o of outcomes) {
      for (const q of o.related) expect(q, o.question).not.toMatch(/tell me more/i);
      expect(new Set(o.related).size).toBe(o.related.length);
      expect(o.related).not.toContain(o.question);
    }
  });

  it("mentions a subject of the question or of its sources in every suggestion", () => {
    for (const o of outcomes)
      for (const q of o.related) {
        const subject = terms(q).filter((t) => o.sourceTerms.has(t));
        expect(subject.length, `${q} (for ${o.question})`).toBeGreaterThan(0);
      }
  });
});
