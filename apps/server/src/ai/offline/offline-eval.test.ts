import { HOME_EXAMPLE_QUESTIONS, LANDING_EXAMPLE_QUESTIONS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { streamText } from "ai";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { createLocalSearch } from "../../integrations/search/local.ts";
import { terms } from "../../lib/text-tokens.ts";
import { EVAL_QUESTIONS, OUT_OF_SCOPE_QUESTIONS } from "./offline-eval.questions.ts";
import { createOfflineModel } from "./offline-model.ts";
import { focusMarker, formatSources, type SourceInput } from "./prompt-format.ts";
import { quotableSentences } from "./sentences.ts";

/** Sources handed to the engine, as the answer pipeline will: the top results of local search. */
const TOP_SOURCES = 5;
const MIN_RATE = 0.8;

/** "Sentence. [n]" pairs of an answer (sentences never contain [digits]: the engine skips those). */
function citationsOf(answer: string): Array<{ sentence: string; source: number }> {
  return [...answer.matchAll(/(.+?) \[(\d+)\](?= |\n|$)/gs)].map((m) => ({
    sentence: (m[1] ?? "").trim(),
    source: Number(m[2]),
  }));
}

interface Outcome {
  question: string;
  path: string;
  quotesExpected: boolean;
  citations: number;
  verified: number;
  /** Distinct quotable sentences in the sources given. */
  quotable: number;
  answer: string;
}

let db: TestDatabase;
const outcomes: Outcome[] = [];
const outOfScope: { question: string; answer: string }[] = [];
const examples: { question: string; answer: string }[] = [];

async function answerOf(search: ReturnType<typeof createLocalSearch>, question: string) {
  const { results } = await search.search({ query: question });
  const sources: SourceInput[] = results.map((r) => ({
    title: r.title,
    url: r.url,
    content: r.content ?? r.snippet,
  }));
  const system = [focusMarker("web"), formatSources(sources)].join("\n");
  const result = streamText({ model: createOfflineModel(), system, prompt: question });
  let answer = "";
  for await (const delta of result.textStream) answer += delta;
  return answer;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await indexKnowledgeBase({ db: db.db });
  const search = createLocalSearch({ db: db.db, limit: TOP_SOURCES });
  const model = createOfflineModel();
  for (const { question, path } of EVAL_QUESTIONS) {
    const { results } = await search.search({ query: question });
    const sources: SourceInput[] = results.map((r) => ({
      title: r.title,
      url: r.url,
      content: r.content ?? r.snippet,
    }));
    const system = [
      focusMarker("local"),
      "Answer the question from the numbered sources below and cite them as [n].",
      formatSources(sources),
    ].join("\n");
    const result = streamText({ model, system, prompt: question });
    let answer = "";
    for await (const delta of result.textStream) answer += delta;
    expect(await result.finishReason).toBe("stop");

    const expected = await db.db
      .select({ content: schema.knowledgeChunks.content })
      .from(schema.knowledgeChunks)
      .where(eq(schema.knowledgeChunks.path, path));
    const citations = citationsOf(answer);
    outcomes.push({
      question,
      path,
      answer,
      citations: citations.length,
      quotable: new Set(sources.flatMap((s) => quotableSentences(s.content))).size,
      quotesExpected: citations.some((c) => expected.some((e) => e.content.includes(c.sentence))),
      verified: citations.filter(
        (c) => sources[c.source - 1]?.content.includes(c.sentence) ?? false,
      ).length,
    });
  }
});

beforeAll(async () => {
  const search = createLocalSearch({ db: db.db, limit: TOP_SOURCES });
  for (const question of OUT_OF_SCOPE_QUESTIONS)
    outOfScope.push({ question, answer: await answerOf(search, question) });
  for (const question of [...LANDING_EXAMPLE_QUESTIONS, ...HOME_EXAMPLE_QUESTIONS])
    examples.push({ question, answer: await answerOf(search, question) });
});

afterAll(async () => {
  await db?.close();
});

describe("offline engine over the indexed knowledge base (acceptance)", () => {
  it("answers every example question the landing page and the home offer, with citations", () => {
    for (const { question, answer } of examples) expect(answer, question).toMatch(/\[\d+\]/);
  });

  it("refuses every out-of-scope question, saying what it searched and how to connect more", () => {
    expect(OUT_OF_SCOPE_QUESTIONS.length).toBeGreaterThanOrEqual(6);
    for (const { question, answer } of outOfScope) {
      expect(answer, question).not.toMatch(/\[\d+\]/);
      expect(answer, question).toMatch(/None of the sources found|No sources were found/);
      expect(answer, question).toContain(`for “${question}”`);
      expect(answer, question).toContain("LLM_BASE_URL");
      expect(answer, question).toContain("SEARCH_PROVIDER");
    }
  });

  it("asks at least 30 questions, each with an existing expected document", async () => {
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    const paths = await db.db
      .select({ path: schema.knowledgeDocuments.path })
      .from(schema.knowledgeDocuments);
    const known = new Set(paths.map((p) => p.path));
    for (const q of EVAL_QUESTIONS) expect(known.has(q.path), q.path).toBe(true);
  });

  it(`quotes a sentence of the expected document in at least ${MIN_RATE * 100}% of answers`, () => {
    const hits = outcomes.filter((o) => o.quotesExpected).length;
    const rate = hits / outcomes.length;
    const misses = outcomes
      .filter((o) => !o.quotesExpected)
      .map((o) => `  - ${o.question} (expected ${o.path})`);
    console.log(
      `offline eval: ${hits}/${outcomes.length} answers (${(rate * 100).toFixed(1)}%) quote the expected document` +
        (misses.length > 0 ? `\n${misses.join("\n")}` : ""),
    );
    expect(rate).toBeGreaterThanOrEqual(MIN_RATE);
  });

  it("every [n] citation points to a source that contains the cited sentence (100%)", () => {
    const total = outcomes.reduce((sum, o) => sum + o.citations, 0);
    const verified = outcomes.reduce((sum, o) => sum + o.verified, 0);
    console.log(`offline eval: ${verified}/${total} citations verified against their source`);
    expect(total).toBeGreaterThan(0);
    expect(verified).toBe(total);
  });

  it("answers with 1 to 6 cited sentences, each holding a word of the question (no padding)", () => {
    // The relevance floor may refuse an in-scope question whose words the guides put otherwise
    // (issue 38): at most two of them, named here.
    const refused = outcomes.filter((o) => o.citations === 0);
    console.log(`offline eval: ${refused.length} in-scope questions refused`);
    for (const o of refused) console.log(`  - refused: ${o.question}`);
    expect(refused.length).toBeLessThanOrEqual(2);
    for (const o of outcomes.filter((x) => x.citations > 0)) {
      expect(o.citations, `${o.question}\n${o.answer}`).toBeGreaterThanOrEqual(1);
      expect(o.citations, o.question).toBeLessThanOrEqual(6);
      const asked = new Set(terms(o.question));
      for (const c of citationsOf(o.answer))
        expect(
          terms(c.sentence).some((t) => asked.has(t)),
          `${o.question}: ${c.sentence}`,
        ).toBe(true);
    }
  });
});
