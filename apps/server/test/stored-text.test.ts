import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../../../e2e/fakes/openai-server.ts";
import {
  defaultSearxngCorpus,
  type FakeSearxng,
  startFakeSearxng,
} from "../../../e2e/fakes/searxng-server.ts";
import { parseStream, textOf } from "../src/modules/answer/answer-test-kit.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * Text the product did not get from the caller — a model's output, a search backend's titles —
 * may hold NUL or lone surrogates too. The answer is still saved (PostgreSQL's jsonb cannot hold
 * either): NUL dropped, a lone surrogate shown as U+FFFD.
 */
let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream
        ? { kind: "text", chunks: ["Tides\u0000 follow ", "the moon \ud800[1]."] }
        : { kind: "text", text: "Why?" },
  });
  const corpus = defaultSearxngCorpus();
  const [first, ...rest] = corpus.general ?? [];
  if (first) corpus.general = [{ ...first, title: "Moon\u0000 and \udc00tides" }, ...rest];
  searxng = await startFakeSearxng({ corpus });
  h = await createHarness({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: searxng.url,
  });
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

describe("answers with NUL or broken text from the model or the search backend", () => {
  it("streams and saves the answer with that text made storable", async () => {
    const { cookie, userId } = await h.signIn("stored-text@acme.com");
    const res = await h.request("/api/answer", {
      method: "POST",
      cookie,
      body: { text: "What causes tides?" },
    });
    expect(res.status).toBe(200);
    const chunks = parseStream(await res.text());
    expect(chunks.find((c) => c.type === "error")).toBeUndefined();
    expect(textOf(chunks)).toContain("follow the moon");
    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(1);
    const saved = JSON.stringify(rows[0]?.results);
    expect(saved).toContain("Tides follow the moon \ufffd[1].");
    expect(saved).toContain("Moon and \ufffdtides");
    expect(saved).not.toMatch(/\\u0000|\\ud800|\\udc00/);
    expect(h.logs.join("")).not.toContain("answer failed");
  });
});
