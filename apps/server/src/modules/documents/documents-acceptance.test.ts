import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness } from "../../../test/harness.ts";
import { parseSources } from "../../ai/offline/prompt-format.ts";
import {
  ask,
  check,
  fakeAnswer,
  MODEL,
  OFFLINE,
  PINNED,
  type Setup,
  setUp,
  tally,
  wordsOf,
} from "./documents-acceptance-kit.ts";

/**
 * The document-chat acceptance set: 44 questions written from the real text of four documents
 * (with the page each was written from), half answered by the offline engine and half through a
 * fake model that quotes the passages it was sent (exactly, with whitespace and case changed, with
 * one word changed) and invents one quote per answer. Over the whole set: ≥ 95% of the real quotes
 * verify, every verified citation marks page text that holds its quote, no invented quote marks
 * anything, a near (fuzzy) mark only where the page lacks the quote as written, and (offline) the
 * first citation lands on the question's page for ≥ 80% of questions. Pinned quotes: sentences
 * across a page break give one range on each page; a quote as written beats a near miss before it.
 * Question set, fake model and checks: documents-acceptance-kit.ts.
 */

describe("document chat acceptance (offline engine)", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(await createHarness({}, { jobs: true }), "alice-accept-off@acme.com");
  }, 60_000);
  afterAll(async () => {
    await s?.h.close();
  });

  it("verifies its citations, marks their quotes and cites the question's page", async () => {
    const t = tally();
    const misses: string[] = [];
    const wordless: string[] = [];
    for (const [doc, question, page] of OFFLINE) {
      const citations = await ask(s, doc, question);
      expect(citations.length, question).toBeGreaterThan(0);
      const pageText = s.pages.get(doc) ?? new Map();
      for (const c of citations) {
        expect(c.fileId, question).toBe(s.ids.get(doc));
        check(c, pageText, t, question);
      }
      // The cited pages hold words of the question (it was written from one of them).
      const cited = citations.flatMap((c) => c.ranges.map((r) => pageText.get(r.page) ?? ""));
      const held = wordsOf(question).filter((w) => cited.join("\n").toLowerCase().includes(w));
      if (held.length === 0) wordless.push(question);
      const first = citations[0]?.ranges[0]?.page;
      if (first !== page) misses.push(`${question} (page ${first}, expected ${page})`);
    }
    const hit = (OFFLINE.length - misses.length) / OFFLINE.length;
    console.info(
      `offline: ${t.verified}/${t.real} verified (${((100 * t.verified) / t.real).toFixed(1)}%), ` +
        `first-citation page hits ${OFFLINE.length - misses.length}/${OFFLINE.length}`,
      { matches: t.matches, misses, unverified: t.unverified },
    );
    expect(t.invented).toBe(0);
    expect(wordless).toEqual([]);
    expect(t.verified / t.real).toBeGreaterThanOrEqual(0.95);
    expect(hit).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});

describe("document chat acceptance (through a model)", () => {
  let s: Setup;
  let llm: FakeOpenAIServer;
  beforeAll(async () => {
    llm = await startFakeOpenAIServer({
      handler: (request) => {
        const system = String(request.messages.find((m) => m.role === "system")?.content ?? "");
        const sources = parseSources(system);
        if (!request.stream || sources.length === 0) return { kind: "echo" };
        const question = String(request.messages.findLast((m) => m.role === "user")?.content);
        return { kind: "text", text: fakeAnswer(question, sources) };
      },
    });
    const h = await createHarness(
      { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" },
      { jobs: true },
    );
    s = await setUp(h, "alice-accept-model@acme.com");
  }, 60_000);
  afterAll(async () => {
    await s?.h.close();
    await llm?.close();
  });

  it("verifies the quotes taken from its passages and marks nothing for an invented one", async () => {
    const t = tally();
    for (const [doc, question] of MODEL) {
      const citations = await ask(s, doc, question);
      const pageText = s.pages.get(doc) ?? new Map();
      for (const c of citations) check(c, pageText, t, question);
    }
    console.info(
      `model: ${t.verified}/${t.real} verified (${((100 * t.verified) / t.real).toFixed(1)}%), ` +
        `${t.invented} invented quotes marked nothing`,
      { matches: t.matches, unverified: t.unverified },
    );
    // The fake model's three ways of quoting each reach the page text.
    expect(t.matches.exact).toBeGreaterThan(0);
    expect(t.matches.normalised).toBeGreaterThan(0);
    expect(t.matches.fuzzy).toBeGreaterThan(0);
    expect(t.invented).toBe(MODEL.length);
    expect(t.real).toBeGreaterThanOrEqual(MODEL.length * 2);
    expect(t.verified / t.real).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it("marks quotes across a page break on both pages, and as written over a near miss", async () => {
    for (const { doc, question, quote, pages } of PINNED) {
      const citations = await ask(s, doc, question);
      const c = citations.find((x) => x.quote === quote);
      expect(c, question).toMatchObject({ verified: true });
      expect(
        c?.ranges.map((r) => r.page),
        question,
      ).toEqual(pages);
      const t = tally();
      if (c) check(c, s.pages.get(doc) ?? new Map(), t, question);
      expect(t.verified).toBe(1);
    }
  }, 60_000);
});
