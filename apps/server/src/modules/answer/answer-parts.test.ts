import { type StoredPart, storedTurnToMessages, threadResponseSchema } from "@nexus/contracts";
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
import { metadataOf, parseStream } from "./answer-test-kit.ts";

/** An answer turn is stored as its reply's UI-message parts (contracts stored-turn.ts). */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let answers: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (request.stream) return answers.shift() ?? { kind: "echo" };
      const system = JSON.stringify(request.messages[0]?.content ?? "");
      if (system.includes("standalone")) return { kind: "text", text: "tides of the moon" };
      return { kind: "text", text: "Why?\nHow high?" };
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

async function ask(body: Record<string, unknown>, cookie: string) {
  const res = await h.request("/api/answer", { method: "POST", body, cookie });
  expect(res.status).toBe(200);
  return parseStream(await res.text());
}

async function thread(threadId: string, cookie: string) {
  const res = await h.request(`/api/threads/${threadId}`, { cookie });
  expect(res.status).toBe(200);
  return threadResponseSchema.parse(await res.json());
}

const types = (parts: readonly StoredPart[] | null | undefined) => parts?.map((p) => p.type);

describe("an answer turn's stored parts", () => {
  it("saves the reply's parts as streamed, without the retry status, and the thread API returns them", async () => {
    const { cookie, userId } = await h.signIn("answer-parts@acme.com");
    answers.push(
      { kind: "status", status: 429, retryAfter: "0" },
      { kind: "text", text: "The moon [1].", reasoningContent: "Gravity." },
    );
    const chunks = await ask({ text: "What causes tides?", reasoning: true }, cookie);
    expect(
      chunks.some((c) => c.type === "data-status"),
      "a retry status was streamed",
    ).toBe(true);

    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    const sources = chunks.filter((c) => c.type === "source-url").length;
    expect(sources).toBeGreaterThan(0);
    expect(types(row?.parts as StoredPart[] | null)).toEqual([
      ...Array.from({ length: sources }, () => "source-url"),
      "data-sources",
      "data-images",
      "data-videos",
      "reasoning",
      "text",
      "data-citation-checks",
      "data-related",
    ]);
    expect(row?.parts).toContainEqual({ type: "text", text: "The moon [1]." });
    const related = chunks.find((c) => c.type === "data-related")?.data;
    expect(related).not.toHaveLength(0);
    expect(row?.parts).toContainEqual({ type: "data-related", data: related });
    // The derived fields history lists and searches stay in results.
    expect(row?.results).toMatchObject({ markdown: "The moon [1].", thinking: "Gravity." });

    const threadId = String(metadataOf(chunks, "start").threadId);
    const [entry] = (await thread(threadId, cookie)).entries;
    expect(entry?.parts).toEqual(row?.parts);
    // The saved parts restore the same messages as the results of the same turn would (besides
    // the citation checks, which only parts keep).
    const restored = (parts: StoredPart[] | null) =>
      entry && storedTurnToMessages({ shape: "answer", ...entry, parts, results: entry.results });
    const checked = (entry?.parts ?? []).filter((p) => p.type !== "data-citation-checks");
    expect(restored(checked)).toEqual(restored(null));
  });

  it("keeps a regenerated turn's earlier parts in its versions", async () => {
    const { cookie } = await h.signIn("answer-parts-versions@acme.com");
    const threadId = "PartsVersions0123456789";
    const say = {
      id: threadId,
      threadId,
      messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Why tides?" }] }],
    };
    answers.push({ kind: "text", text: "First [1]." });
    const first = await ask({ ...say, trigger: "submit-message" }, cookie);
    answers.push({ kind: "text", text: "Second [1]." });
    const messageId = String(metadataOf(first, "start").entryId);
    await ask({ ...say, trigger: "regenerate-message", messageId }, cookie);
    const [entry] = (await thread(threadId, cookie)).entries;
    expect(entry?.parts).toContainEqual({ type: "text", text: "Second [1]." });
    expect(entry?.versions?.[0]?.parts).toContainEqual({ type: "text", text: "First [1]." });
  });

  it("reads a turn saved before answers kept parts from its results", async () => {
    const { cookie, userId } = await h.signIn("answer-parts-old@acme.com");
    await h.db.db.insert(schema.searchHistory).values({
      id: "OldShape1",
      userId,
      threadId: "OldShape1",
      query: "Why tides?",
      results: { markdown: "The moon.", sources: [], images: [], videos: [], thinking: "" },
    });
    const [entry] = (await thread("OldShape1", cookie)).entries;
    expect(entry?.parts).toBeUndefined();
    const [, reply] = entry ? storedTurnToMessages({ shape: "answer", ...entry }) : [];
    expect(reply?.parts.at(-1)).toEqual({ type: "text", text: "The moon.", state: "done" });
  });

  it("passes on only images and favicons minted here, in saved parts as in results (G14)", async () => {
    const { cookie, userId } = await h.signIn("answer-parts-g14@acme.com");
    const planted = {
      title: "Planted",
      url: "https://planted.example/",
      domain: "planted.example",
      favicon: "https://evil.example/favicon.ico",
      snippet: "",
    };
    await h.db.db.insert(schema.searchHistory).values({
      id: "Planted1",
      userId,
      threadId: "Planted1",
      query: "Why tides?",
      results: { markdown: "Yes.", sources: [planted], images: [], videos: [], thinking: "" },
      parts: [
        { type: "data-sources", data: [planted] },
        { type: "data-images", data: [{ url: "u", thumbnailUrl: "https://evil.example/a.png" }] },
        { type: "data-videos", data: "not a list" },
        { type: "text", text: "Yes." },
      ],
    });
    const [entry] = (await thread("Planted1", cookie)).entries;
    expect(entry?.parts).toEqual([
      { type: "data-sources", data: [{ ...planted, favicon: null }] },
      { type: "data-images", data: [] },
      { type: "text", text: "Yes." },
    ]);
  });

  it("the probe: image proxy URLs a model writes never reach the stream, the saved turn or its results (G14)", async () => {
    const { cookie, userId } = await h.signIn("answer-model-images@acme.com");
    // A signed URL as an attacker could copy it from a page of this server.
    const signed = h.deps.images.sign("http://attacker.example/pixel.png?victim=answer") ?? "";
    const query = signed.slice(signed.indexOf("?"));
    const hostile = [
      `The moon [1]. ![a](${signed} "title")`,
      `![b][pic] <img src="${signed}" alt="c"> <http://localhost:3000${signed}>`,
      `![d](%2Fapi%2Fimage${query}) ![e](/api/./image${query.replace("&", "&amp;")})`,
      "",
      `[pic]: ${signed}`,
    ].join("\n");
    answers.push({ kind: "text", text: hostile, reasoningContent: `Think ![r](${signed})` });
    const chunks = await ask({ text: "What causes tides?", reasoning: true }, cookie);
    const signature = signed.slice(signed.indexOf("&s=") + 3);
    const streamed = JSON.stringify(chunks.filter((c) => c.type.endsWith("-delta")));
    expect(streamed).toContain("The moon [1].");
    expect(streamed).not.toContain(signature);
    expect(streamed).not.toMatch(/api(?:\/|%2F|&#x2F;|\\\/)+(?:\.\/)?image/i);
    expect(streamed).not.toMatch(/!\[[^\]]*\]\(/);
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    // (The parts also carry the sources' own favicons and images, signed here: those may stay.)
    const results = row?.results as { markdown?: string; thinking?: string } | undefined;
    const saved = JSON.stringify([
      ((row?.parts ?? []) as StoredPart[]).filter(
        (p) => p.type === "text" || p.type === "reasoning",
      ),
      results?.markdown,
      results?.thinking,
    ]);
    expect(saved).toContain("The moon [1].");
    expect(saved).not.toContain(signature);
    expect(saved).not.toMatch(/api\/image/i);
  });
});
