import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { MODEL_GUIDE_URL } from "../../ai/offline/needs-model.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { citations, metadataOf, parseStream, partOf, textOf } from "./answer-test-kit.ts";

/** No model and no search provider configured: the offline engine over the knowledge base. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await indexKnowledgeBase({ db: h.db.db });
});
afterAll(async () => {
  await h.close();
});

const anonId = "anon_1795000000000_offline1";

async function ask(body: Record<string, unknown>, cookie?: string) {
  const res = await h.request("/api/answer", { method: "POST", body, cookie, anonId });
  return { status: res.status, chunks: parseStream(await res.text()) };
}

describe("POST /api/answer offline", () => {
  it("answers a product question from the knowledge base with citations", async () => {
    const { status, chunks } = await ask({ text: "How do I connect Ollama?" });
    expect(status).toBe(200);
    expect(partOf(chunks, "start")?.messageMetadata).toMatchObject({ offline: true });
    const sources = chunks.filter((c) => c.type === "source-url");
    expect(sources.length).toBeGreaterThan(0);
    expect(String(sources[0]?.url)).toMatch(/^\//);
    const text = textOf(chunks);
    expect(text).toMatch(/Ollama/);
    const cited = citations(text);
    expect(cited.length).toBeGreaterThan(0);
    for (const n of cited) expect(n).toBeLessThanOrEqual(sources.length);
    const related = partOf(chunks, "data-related")?.data as string[];
    expect(related.length).toBeGreaterThanOrEqual(1);
    expect(chunks.at(-1)?.type).toBe("finish");
  });

  it("keeps nothing on the server for anonymous visitors", async () => {
    await ask({ text: "What is Nexus?" });
    expect(await h.db.db.select().from(schema.searchHistory)).toHaveLength(0);
  });

  it("explains in writing focus that a model is needed", async () => {
    const { chunks } = await ask({ text: "Write a poem about tides", focusMode: "writing" });
    expect(chunks.filter((c) => c.type === "source-url")).toHaveLength(0);
    const text = textOf(chunks);
    expect(text).toMatch(/needs a language model/);
    expect(text).toContain(MODEL_GUIDE_URL);
  });

  it("rewrites an offline follow-up with the previous question's key terms", async () => {
    const { cookie } = await h.signIn("offline-follow@acme.com");
    const first = await ask({ text: "How do I connect Ollama?" }, cookie);
    const threadId = String(metadataOf(first.chunks, "start").threadId);
    const second = await ask({ text: "Which model name?", threadId }, cookie);
    const query = String(metadataOf(second.chunks, "finish").query);
    expect(query).toMatch(/ollama/i);
    expect(query).toContain("Which model name?");
  });

  it("keeps at most 500 threads for a free account, dropping the oldest", async () => {
    const { cookie, userId } = await h.signIn("offline-cap@acme.com");
    const old = Date.parse("2020-01-01T00:00:00Z");
    await h.db.db.insert(schema.searchHistory).values(
      Array.from({ length: 500 }, (_, i) => ({
        id: `cap-${i}`,
        userId,
        threadId: `cap-${i}`,
        query: "old",
        timestamp: new Date(old + i * 1000),
      })),
    );
    await ask({ text: "What is Nexus?" }, cookie);
    const rows = await h.db.db
      .select({ threadId: schema.searchHistory.threadId })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(500);
    expect(rows.map((r) => r.threadId)).not.toContain("cap-0");
    expect(rows.map((r) => r.threadId)).toContain("cap-1");
  });

  it("drops no thread for a follow-up in a thread already kept at the cap", async () => {
    const { cookie, userId } = await h.signIn("offline-cap-follow@acme.com");
    const old = Date.parse("2020-01-01T00:00:00Z");
    await h.db.db.insert(schema.searchHistory).values(
      Array.from({ length: 500 }, (_, i) => ({
        id: `capf-${i}`,
        userId,
        threadId: `capf-${i}`,
        query: "old",
        timestamp: new Date(old + i * 1000),
      })),
    );
    await ask({ text: "What is Nexus?", threadId: "capf-0" }, cookie);
    const rows = await h.db.db
      .select({ threadId: schema.searchHistory.threadId })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(501);
    expect(new Set(rows.map((r) => r.threadId)).size).toBe(500);
  });

  it("rejects a body without a question or with an unknown focus mode", async () => {
    expect((await ask({ text: "  " })).status).toBe(400);
    expect((await ask({ text: "x", focusMode: "nope" })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
  });
});

describe("GET /api/threads/:threadId (G2)", () => {
  it("returns the owner's thread and the same 404 to others and for missing threads", async () => {
    const owner = await h.signIn("thread-owner@acme.com");
    const other = await h.signIn("thread-other@acme.com");
    const { chunks } = await ask({ text: "What is offline mode?" }, owner.cookie);
    const threadId = String(metadataOf(chunks, "start").threadId);
    const own = await h.request(`/api/threads/${threadId}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    const body = (await own.json()) as {
      entries: {
        query: string;
        results: { markdown: string; offline?: boolean; model?: string };
      }[];
      messages: { role: string; metadata?: Record<string, unknown> }[];
    };
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]?.results.markdown).toBe(textOf(chunks));
    expect(body.entries[0]?.results).toMatchObject({ offline: true, model: "extractive" });
    // The restored reply (UI messages) says it was offline, as the streamed one did.
    expect(body.messages.find((m) => m.role === "assistant")?.metadata).toMatchObject({
      offline: true,
    });
    const foreign = await h.request(`/api/threads/${threadId}`, { cookie: other.cookie });
    const missing = await h.request("/api/threads/nope", { cookie: owner.cookie });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    const notFound = await missing.text();
    expect(await foreign.text()).toBe(notFound);
    const malformed = await h.request("/api/threads/%00x", { cookie: owner.cookie });
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).toBe(notFound);
    expect((await h.request(`/api/threads/${threadId}`, { anonId })).status).toBe(401);
  });
});
