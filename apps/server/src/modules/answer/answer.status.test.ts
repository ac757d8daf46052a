import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { hangUpMidAnswer, indexOf, parseStream, partOf, textOf } from "./answer-test-kit.ts";

/** What the person is told while the model is retried, and what a stopped answer leaves behind. */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let answers: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (request.stream) return answers.shift() ?? { kind: "echo" };
      return {
        kind: "text",
        text: "Why do tides happen?\nHow high do tides get?\nWhen is low tide?",
      };
    },
  });
  searxng = await startFakeSearxng();
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
beforeEach(() => {
  llm.reset();
  answers = [];
});

async function ask(body: Record<string, unknown>, cookie?: string) {
  const res = await h.request("/api/answer", { method: "POST", body, cookie });
  return parseStream(await res.text());
}

const historyOf = (userId: string) =>
  h.db.db.select().from(schema.searchHistory).where(eq(schema.searchHistory.userId, userId));

async function searchesUsed(cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { search: { current: number } };
  };
  return body.counters.search.current;
}

describe("data-status while the model is retried", () => {
  it("says the model is busy (429) before the retry that answers, as a transient part", async () => {
    const { cookie } = await h.signIn("status-busy@acme.com");
    answers.push(
      { kind: "status", status: 429, retryAfter: "0" },
      { kind: "text", text: "Ok [1]." },
    );
    const chunks = await ask({ text: "What causes tides?" }, cookie);
    const statuses = chunks.filter((c) => c.type === "data-status");
    expect(statuses).toEqual([
      {
        type: "data-status",
        data: { state: "retrying", attempt: 2, maxAttempts: 3, reason: "busy" },
        transient: true,
      },
    ]);
    expect(indexOf(chunks, "data-status")).toBeLessThan(indexOf(chunks, "text-delta"));
    expect(textOf(chunks)).toBe("Ok [1].");
  });

  it("names each retry of a failing model (500), then ends with the error, charging nothing", async () => {
    const { cookie, userId } = await h.signIn("status-error@acme.com");
    for (let i = 0; i < 3; i++) answers.push({ kind: "status", status: 500, retryAfter: "0" });
    const chunks = await ask({ text: "What causes tides?" }, cookie);
    const statuses = chunks.filter((c) => c.type === "data-status").map((c) => c.data);
    expect(statuses).toEqual([
      { state: "retrying", attempt: 2, maxAttempts: 3, reason: "error" },
      { state: "retrying", attempt: 3, maxAttempts: 3, reason: "error" },
    ]);
    expect(String(partOf(chunks, "error")?.errorText)).toMatch(/HTTP 500/);
    expect(indexOf(chunks, "data-status")).toBeLessThan(indexOf(chunks, "error"));
    expect(await searchesUsed(cookie)).toBe(0);
    expect(await historyOf(userId)).toHaveLength(0);
  });

  it("sends no status part when the model answers at once", async () => {
    const { cookie } = await h.signIn("status-none@acme.com");
    answers.push({ kind: "text", text: "At once [1]." });
    const chunks = await ask({ text: "What causes tides?" }, cookie);
    expect(partOf(chunks, "data-status")).toBeUndefined();
  });
});

describe("a stopped answer", () => {
  it("is saved as a stopped turn with its question and partial text, and refunded", async () => {
    const { cookie, userId } = await h.signIn("stopped-turn@acme.com");
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, cookie);
    await expect.poll(async () => (await historyOf(userId)).length, { timeout: 5000 }).toBe(1);
    const [row] = await historyOf(userId);
    expect(row?.query).toBe("Tell me everything about tides");
    const results = row?.results as { stopped?: boolean; markdown: string; sources: unknown[] };
    expect(results.stopped).toBe(true);
    expect(results.markdown).toMatch(/^word /);
    expect(results.markdown.length).toBeLessThan("word ".repeat(400).length);
    expect(results.sources.length).toBeGreaterThan(0);
    expect(await searchesUsed(cookie)).toBe(0);

    // The thread shows it as stopped; regenerating replaces it with a finished turn.
    const thread = (await (
      await h.request(`/api/threads/${row?.threadId}`, { cookie })
    ).json()) as {
      entries: { id: string; results: { stopped?: boolean } }[];
    };
    expect(thread.entries).toHaveLength(1);
    expect(thread.entries[0]?.results.stopped).toBe(true);
    answers.push({ kind: "text", text: "In full [1]." });
    const question = {
      id: "u1",
      role: "user",
      parts: [{ type: "text", text: "Tell me everything about tides" }],
    };
    await ask(
      {
        id: row?.threadId,
        messages: [question],
        threadId: row?.threadId,
        trigger: "regenerate-message",
        messageId: row?.id,
      },
      cookie,
    );
    const rows = await historyOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.results).toMatchObject({ markdown: "In full [1]." });
    expect(rows[0]?.results).not.toHaveProperty("stopped");
  });

  it("keeps nothing on the server for an anonymous visitor", async () => {
    const before = await h.db.db.select().from(schema.searchHistory);
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, "");
    await llm.waitForAborts({ count: 1, timeoutMs: 5000 });
    expect(await h.db.db.select().from(schema.searchHistory)).toHaveLength(before.length);
  });
});
