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
import { REWRITE_SYSTEM } from "./answer.focus.ts";
import {
  citations,
  hangUpMidAnswer,
  indexOf,
  metadataOf,
  parseStream,
  partOf,
  textOf,
} from "./answer-test-kit.ts";

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
/** What the next streamed answers do (non-streamed calls: rewrite and related questions). */
let answers: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (request.stream) return answers.shift() ?? { kind: "echo" };
      const system = JSON.stringify(request.messages[0]?.content ?? "");
      if (system.includes("standalone")) return { kind: "text", text: "tides of the moon" };
      return { kind: "text", text: "Why?\nHow high?\nWhen is low tide?\nWhere?" };
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
  return { status: res.status, chunks: parseStream(await res.text()) };
}

async function searchesUsed(cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { search: { current: number } };
  };
  return body.counters.search.current;
}

async function historyOf(userId: string) {
  return h.db.db.select().from(schema.searchHistory).where(eq(schema.searchHistory.userId, userId));
}

describe("POST /api/answer with a model and SearXNG", () => {
  it("streams sources, then cited text, related questions and metadata; saves and charges", async () => {
    const { cookie, userId } = await h.signIn("answer-basic@acme.com");
    answers.push({
      kind: "text",
      text: "The moon pulls the sea [1]. Tides repeat twice a day [2].",
    });
    const { status, chunks } = await ask({ text: "What causes tides?" }, cookie);
    expect(status).toBe(200);
    const start = partOf(chunks, "start");
    expect(start?.messageMetadata).toMatchObject({ model: "fake-model", offline: false });
    const sources = chunks.filter((c) => c.type === "source-url");
    expect(sources.map((s) => s.sourceId)).toEqual(sources.map((_, i) => String(i + 1)));
    expect(sources[0]).toMatchObject({ url: "https://site1.example.org/article" });
    const data = partOf(chunks, "data-sources");
    expect(data?.data).toContainEqual(
      expect.objectContaining({ domain: "site1.example.org", title: "Result 1" }),
    );
    expect(partOf(chunks, "data-images")?.data).toHaveLength(4);
    expect(partOf(chunks, "data-videos")?.data).toHaveLength(3);
    const text = textOf(chunks);
    expect(text).toBe("The moon pulls the sea [1]. Tides repeat twice a day [2].");
    for (const n of citations(text)) expect(n).toBeLessThanOrEqual(sources.length);
    expect(indexOf(chunks, "data-sources")).toBeLessThan(indexOf(chunks, "text-delta"));
    expect(indexOf(chunks, "text-end")).toBeLessThan(indexOf(chunks, "data-related"));
    expect(partOf(chunks, "data-related")?.data).toEqual([
      "Why?",
      "How high?",
      "When is low tide?",
      "Where?",
    ]);
    const answerRequest = llm.requests.find((r) => r.stream);
    const system = String(answerRequest?.messages[0]?.content);
    expect(system).toContain("[1] Result 1\nhttps://site1.example.org/article");
    expect(chunks.at(-1)?.type).toBe("finish");
    const [row] = await historyOf(userId);
    expect(row?.results).toMatchObject({ markdown: text, thinking: "" });
    expect(row?.threadId).toBe(row?.id);
    expect(await searchesUsed(cookie)).toBe(1);
  });

  it("accepts DefaultChatTransport's body and rewrites a follow-up with the earlier turns", async () => {
    const { cookie, userId } = await h.signIn("answer-follow@acme.com");
    answers.push({ kind: "text", text: "Because of the moon [1]." });
    const first = await ask({ text: "What causes ocean tides?" }, cookie);
    const threadId = String(metadataOf(first.chunks, "start").threadId);
    llm.reset();
    answers.push({ kind: "text", text: "About 12 hours apart [1]." });
    const question = { id: "m2", role: "user", parts: [{ type: "text", text: "How often?" }] };
    h.clock.advance(1_000);
    const second = await ask(
      { id: "chat", messages: [question], trigger: "submit-message", messageId: "m2", threadId },
      cookie,
    );
    expect(textOf(second.chunks)).toBe("About 12 hours apart [1].");
    const rewrite = llm.requests.find((r) => JSON.stringify(r.messages).includes("standalone"));
    expect(JSON.stringify(rewrite?.messages)).toContain("What causes ocean tides?");
    expect(JSON.stringify(rewrite?.messages)).toContain(REWRITE_SYSTEM.slice(0, 30));
    expect(searxng.requests.at(-1)?.query.get("q")).toBe("tides of the moon");
    const thread = await h.request(`/api/threads/${threadId}`, { cookie });
    const body = (await thread.json()) as { entries: { query: string }[] };
    expect(body.entries.map((e) => e.query)).toEqual(["What causes ocean tides?", "How often?"]);
    expect(await historyOf(userId)).toHaveLength(2);
  });

  it("regenerating replaces the caller's own entry and is not its own earlier turn", async () => {
    const owner = await h.signIn("answer-regen@acme.com");
    const other = await h.signIn("answer-regen-other@acme.com");
    const threadId = "RegenThread0123456789A";
    const question = { id: "u1", role: "user", parts: [{ type: "text", text: "Why tides?" }] };
    const body = { id: threadId, messages: [question], threadId };
    answers.push({ kind: "text", text: "First try [1]." });
    const first = await ask({ ...body, trigger: "submit-message" }, owner.cookie);
    const entryId = String(metadataOf(first.chunks, "start").entryId);
    expect(entryId).toMatch(/^[A-Za-z0-9]{22}$/);

    // Another user naming the owner's entry replaces nothing of the owner's.
    answers.push({ kind: "text", text: "Someone else [1]." });
    const regenerate = { ...body, trigger: "regenerate-message", messageId: entryId };
    await ask(regenerate, other.cookie);
    expect((await historyOf(owner.userId)).map((r) => r.id)).toEqual([entryId]);
    expect(await historyOf(other.userId)).toHaveLength(1);

    llm.reset();
    answers.push({ kind: "text", text: "Second try [2]." });
    const again = await ask(regenerate, owner.cookie);
    expect(textOf(again.chunks)).toBe("Second try [2].");
    const rows = await historyOf(owner.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.results).toMatchObject({ markdown: "Second try [2]." });
    // The replaced turn was not an "earlier turn": no follow-up rewrite, the question searched as is.
    expect(llm.requests.some((r) => JSON.stringify(r.messages).includes("standalone"))).toBe(false);
    expect(searxng.requests.at(-1)?.query.get("q")).toBe("Why tides?");
  });

  it("keeps each regenerated or edited version with the turn, oldest first, at most nine", async () => {
    const { cookie } = await h.signIn("answer-versions@acme.com");
    const threadId = "VersionThread0123456789";
    const say = (text: string) => ({
      id: threadId,
      threadId,
      messages: [{ id: "u1", role: "user", parts: [{ type: "text", text }] }],
    });
    answers.push({ kind: "text", text: "Version 1 [1]." });
    const first = await ask({ ...say("Why tides?"), trigger: "submit-message" }, cookie);
    let entryId = String(metadataOf(first.chunks, "start").entryId);
    // Regenerated, then the question edited and sent again: both replace the turn.
    const again = async (text: string, answer: string) => {
      answers.push({ kind: "text", text: answer });
      const next = { ...say(text), trigger: "regenerate-message", messageId: entryId };
      const { chunks } = await ask(next, cookie);
      entryId = String(metadataOf(chunks, "start").entryId);
    };
    await again("Why tides?", "Version 2 [1].");
    // The finish part of a regenerated answer carries its earlier versions (the pager, at once).
    answers.push({ kind: "text", text: "Version 3 [1]." });
    const edited = await ask(
      {
        ...say("Why are there two tides a day?"),
        trigger: "regenerate-message",
        messageId: entryId,
      },
      cookie,
    );
    entryId = String(metadataOf(edited.chunks, "start").entryId);
    expect(metadataOf(edited.chunks, "finish").versions?.map((v) => v.results.markdown)).toEqual([
      "Version 1 [1].",
      "Version 2 [1].",
    ]);
    expect(metadataOf(first.chunks, "finish").versions).toBeUndefined();
    type Entry = {
      query: string;
      results: { markdown: string };
      versions?: { query: string; timestamp: string; results: { markdown: string } }[];
    };
    const read = async () =>
      (
        (await (await h.request(`/api/threads/${threadId}`, { cookie })).json()) as {
          entries: Entry[];
        }
      ).entries;
    const [turn] = await read();
    expect(turn?.query).toBe("Why are there two tides a day?");
    expect(turn?.results.markdown).toBe("Version 3 [1].");
    expect(turn?.versions?.map((v) => [v.query, v.results.markdown])).toEqual([
      ["Why tides?", "Version 1 [1]."],
      ["Why tides?", "Version 2 [1]."],
    ]);
    expect(Number.isNaN(Date.parse(turn?.versions?.[0]?.timestamp ?? ""))).toBe(false);

    for (let n = 4; n <= 12; n++) await again("Why tides?", `Version ${n} [1].`);
    const [latest] = await read();
    expect(latest?.results.markdown).toBe("Version 12 [1].");
    expect(latest?.versions?.map((v) => v.results.markdown)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Version ${i + 3} [1].`),
    );
  });

  it("streams reasoning and stores it as thinking", async () => {
    const { cookie, userId } = await h.signIn("answer-think@acme.com");
    answers.push({ kind: "text", text: "Gravity [1].", reasoningContent: "Think about the moon." });
    const { chunks } = await ask({ text: "Why tides?", reasoning: true }, cookie);
    expect(textOf(chunks, "reasoning-delta")).toBe("Think about the moon.");
    expect(indexOf(chunks, "reasoning-delta")).toBeLessThan(indexOf(chunks, "text-delta"));
    const [row] = await historyOf(userId);
    expect(row?.results).toMatchObject({
      thinking: "Think about the moon.",
      markdown: "Gravity [1].",
    });
  });

  it("keeps partial text, shows an error and charges nothing when the model fails mid-stream", async () => {
    const { cookie, userId } = await h.signIn("answer-midway@acme.com");
    answers.push({
      kind: "fail-mid-stream",
      text: "The moon pulls [1] the water toward it and more",
      afterChunks: 3,
      delayMs: 30,
    });
    const { chunks } = await ask({ text: "What causes tides?" }, cookie);
    expect(textOf(chunks)).toBe("The moon pulls ");
    expect(String(partOf(chunks, "error")?.errorText)).toMatch(/midway/);
    expect(partOf(chunks, "finish")).toBeUndefined();
    expect(await searchesUsed(cookie)).toBe(0);
    expect(await historyOf(userId)).toHaveLength(0);
  });

  it("retries a 429 and answers, charging once", async () => {
    const { cookie } = await h.signIn("answer-retry@acme.com");
    answers.push(
      { kind: "status", status: 429, retryAfter: "0" },
      { kind: "text", text: "Ok [1]." },
    );
    const { chunks } = await ask({ text: "What causes tides?" }, cookie);
    expect(textOf(chunks)).toBe("Ok [1].");
    expect(llm.requests.filter((r) => r.stream)).toHaveLength(2);
    expect(await searchesUsed(cookie)).toBe(1);
  });

  it("says when SearXNG does not answer, and charges nothing", async () => {
    const { cookie } = await h.signIn("answer-nosearch@acme.com");
    searxng.mode = "error";
    try {
      const { chunks } = await ask({ text: "What causes tides?" }, cookie);
      expect(String(partOf(chunks, "error")?.errorText)).toMatch(
        /^Web search is unavailable right now, so there are no sources to answer from\. SearXNG did not answer/,
      );
      expect(await searchesUsed(cookie)).toBe(0);
    } finally {
      searxng.mode = "ok";
    }
  });

  it("social focus searches discussions: general category with forum site hints", async () => {
    const { cookie } = await h.signIn("answer-social@acme.com");
    answers.push({ kind: "text", text: "People disagree [1]." });
    await ask({ text: "Is Rust worth learning?", focusMode: "social" }, cookie);
    const searched = searxng.requests.at(-1)?.query;
    expect(searched?.get("categories")).toBe("general");
    expect(searched?.get("q")).toBe(
      "Is Rust worth learning? site:reddit.com OR site:news.ycombinator.com OR forum",
    );
    const system = String(llm.requests.find((r) => r.stream)?.messages[0]?.content);
    expect(system).toContain("Answer from the discussions below");
  });

  it("says when the model does not respond in time, and charges nothing", async () => {
    const slow = await createHarness({
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      LLM_TIMEOUT_MS: "1000",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
    });
    try {
      const { cookie } = await slow.signIn("answer-timeout@acme.com");
      answers.push({ kind: "stall" });
      const res = await slow.request("/api/answer", {
        method: "POST",
        body: { text: "What causes tides?" },
        cookie,
      });
      const chunks = parseStream(await res.text());
      expect(partOf(chunks, "data-sources")).toBeDefined();
      expect(partOf(chunks, "error")?.errorText).toBe(
        "The language model did not respond within 1 s. Try again in a moment.",
      );
      const usage = (await (await slow.request("/api/usage", { cookie })).json()) as {
        counters: { search: { current: number } };
      };
      expect(usage.counters.search.current).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it("stops the upstream model request when the client aborts, and charges nothing", async () => {
    const { cookie } = await h.signIn("answer-abort@acme.com");
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, cookie);
    await llm.waitForAborts({ count: 1, timeoutMs: 5000 });
    await expect.poll(() => searchesUsed(cookie), { timeout: 5000 }).toBe(0);
  });

  it("answers 429 with the limit, count, reset time and the way up when the quota is used", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    const { cookie, userId } = await h.signIn("answer-quota@acme.com");
    await h.db.db
      .insert(schema.usageRecords)
      .values({ subjectId: userId, userId, isAnonymous: false });
    await h.db.db
      .insert(schema.usageCounters)
      .values({ subjectId: userId, period: "2026-11", search: 300 });
    const res = await h.request("/api/answer", { method: "POST", body: { text: "Hi?" }, cookie });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      error: { code: "quota_exceeded" },
      details: {
        counter: "search",
        limit: 300,
        current: 300,
        tier: "free",
        resetsAt: "2026-12-01T00:00:00.000Z",
        upgrade: "plans",
      },
    });
    h.clock.set(new Date());
  });
});
