import type { PublicShare, ThreadResponse } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";

/**
 * Where image addresses reach a browser: every favicon and picture the server sends is a signed
 * same-origin /api/image URL, whether it comes from a live answer, a stored entry (also one saved
 * before the proxy existed), an imported thread (attacker-chosen favicons: the finding), a share
 * or the library. Stored rows keep the origins' addresses.
 */
let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? { kind: "text", text: "Tides [1]." } : { kind: "text", text: "Why?" },
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

const ATTACKER = "https://attacker.example/track.png?who=reader";
const PROXY = /^\/api\/image\?u=[^&]+&s=[\w-]{22}$/;

/** Every address a browser would load as an image, from any answer-shaped object. */
function loadedImages(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [key, inner] of Object.entries(v)) {
        if ((key === "favicon" || key === "thumbnailUrl" || key === "imageUrl") && inner !== null)
          out.push(String(inner));
        else walk(inner);
      }
  };
  walk(value);
  return out;
}

function expectAllProxied(value: unknown, atLeast: number) {
  const loaded = loadedImages(value);
  expect(loaded.length).toBeGreaterThanOrEqual(atLeast);
  for (const src of loaded) {
    expect(src).toMatch(PROXY);
    const url = new URL(`http://nexus.test${src}`);
    expect(
      h.deps.images.verify(url.searchParams.get("u") ?? "", url.searchParams.get("s") ?? ""),
    ).toBe(true);
  }
}

describe("signed image addresses wherever they are presented", () => {
  it("streams signed favicons, thumbnails and video thumbnails, and stores the origins' addresses", async () => {
    const { cookie, userId } = await h.signIn("present-stream@acme.com");
    const res = await h.request("/api/answer", {
      method: "POST",
      cookie,
      body: { text: "Tides?" },
    });
    const chunks = parseStream(await res.text());
    const sources = partOf(chunks, "data-sources")?.data;
    const images = partOf(chunks, "data-images")?.data;
    const videos = partOf(chunks, "data-videos")?.data;
    expectAllProxied(sources, 1);
    expectAllProxied(images, 1);
    expectAllProxied(videos, 1);
    expect(loadedImages(sources)[0]).toBe(
      h.deps.images.sign("https://site1.example.org/favicon.ico"),
    );
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    const stored = row?.results as { sources: { favicon: string }[] };
    expect(stored.sources[0]?.favicon).toBe("https://site1.example.org/favicon.ico");

    const thread = (await (
      await h.request(`/api/threads/${row?.threadId}`, { cookie })
    ).json()) as ThreadResponse;
    expectAllProxied(thread.entries, 3);
  });

  it("signs entries saved before the proxy existed (raw addresses in the row) when they are read", async () => {
    const { cookie, userId } = await h.signIn("present-old@acme.com");
    await h.db.db.insert(schema.searchHistory).values({
      id: "old-row-entry",
      userId,
      threadId: "old-row-entry",
      query: "Old answer",
      isBookmarked: true,
      results: {
        markdown: "An old answer [1].",
        sources: [
          {
            title: "A",
            url: "https://a.example/",
            domain: "a.example",
            favicon: "https://a.example/favicon.ico",
            snippet: "",
          },
          {
            title: "B",
            url: "https://b.example/",
            domain: "b.example",
            favicon: "javascript:alert(1)",
            snippet: "",
          },
        ],
        images: [
          { url: "http://img.example/full.jpg" },
          { url: "https://img.example/2.jpg", thumbnailUrl: "https://img.example/2-thumb.jpg" },
          { url: "data:image/png;base64,AAAA" },
        ],
        videos: [{ url: "https://v.example/1", thumbnailUrl: "https://v.example/1.jpg" }],
        thinking: "",
      },
    });
    const thread = (await (
      await h.request("/api/threads/old-row-entry", { cookie })
    ).json()) as ThreadResponse;
    const results = thread.entries[0]?.results;
    expect(results?.sources.map((s) => s.favicon)).toEqual([
      h.deps.images.sign("https://a.example/favicon.ico"),
      null,
    ]);
    // The http image works through the proxy; the data: one is not an image address we load.
    expect(results?.images.map((i) => i.thumbnailUrl)).toEqual([
      h.deps.images.sign("http://img.example/full.jpg"),
      h.deps.images.sign("https://img.example/2-thumb.jpg"),
    ]);
    expect(results?.videos[0]?.thumbnailUrl).toBe(h.deps.images.sign("https://v.example/1.jpg"));
    const library = await (await h.request("/api/library", { cookie })).json();
    expectAllProxied(library, 1);
  });

  it("never hands an imported thread's attacker favicon to a reader: thread, share and copy are proxied", async () => {
    const owner = await h.signIn("present-import@acme.com");
    const imported = await h.request("/api/history/import", {
      method: "POST",
      cookie: owner.cookie,
      body: {
        threadId: "AttackerFavicon01",
        focusMode: "web",
        turns: [
          {
            query: "Hostile",
            markdown: "Hostile answer [1].",
            sources: [
              {
                title: "x",
                url: "https://x.example/",
                domain: "x.example",
                favicon: ATTACKER,
                snippet: "",
              },
            ],
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const thread = (await (
      await h.request("/api/threads/AttackerFavicon01", { cookie: owner.cookie })
    ).json()) as ThreadResponse;
    expect(thread.entries[0]?.results.sources[0]?.favicon).toBe(h.deps.images.sign(ATTACKER));

    for (const body of [{ entryId: thread.entries[0]?.id }, { threadId: "AttackerFavicon01" }]) {
      const made = await h.request("/api/shares", { method: "POST", cookie: owner.cookie, body });
      const { shareId } = (await made.json()) as { shareId: string };
      const res = await h.request(`/api/shares/${shareId}`);
      const text = await res.text();
      expect(text).not.toContain(`"${ATTACKER}"`);
      expectAllProxied(JSON.parse(text) as PublicShare, 1);

      // A copy stores the snapshot's own addresses (signed again when read), not proxy URLs.
      const reader = await h.signIn(`present-reader-${shareId}@acme.com`);
      const copy = await h.request(`/api/shares/${shareId}/copy`, {
        method: "POST",
        cookie: reader.cookie,
      });
      const { threadId } = (await copy.json()) as { threadId: string };
      const [row] = await h.db.db
        .select()
        .from(schema.searchHistory)
        .where(eq(schema.searchHistory.threadId, threadId));
      expect(
        (row?.results as { sources?: { favicon: string }[] } | undefined)?.sources?.[0]?.favicon,
      ).toBe(ATTACKER);
      const copied = await (
        await h.request(`/api/threads/${threadId}`, { cookie: reader.cookie })
      ).json();
      expectAllProxied(copied, 1);
    }
  });
});
