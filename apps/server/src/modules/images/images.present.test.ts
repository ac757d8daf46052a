import { createHmac } from "node:crypto";
import type { ThreadResponse } from "@nexus/contracts";
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
import { loadImageKey } from "./images.repo.ts";

/**
 * Where image addresses reach a browser: every favicon and picture the server sends is a signed
 * same-origin /api/image URL minted when the server received the address from the search provider
 * (stored as such); a stored entry, an imported thread (attacker-chosen favicons: the finding), a
 * share, a copy or the library pass on only URLs minted here, never sign what they hold (G14).
 */
let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let key: Buffer;

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
  key = await loadImageKey(h.db.db);
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

const ATTACKER = "https://attacker.example/track.png?who=reader";
const PROXY = /^\/api\/image\?u=[^&]+&s=[\w-]{22}$/;

/** The proxy URL the first scheme (sign whatever is presented, `image:` MAC) minted for `url`. */
function firstScheme(url: string): string {
  const mac = createHmac("sha256", key).update(`image:${url}`).digest().subarray(0, 16);
  return `/api/image?u=${encodeURIComponent(url)}&s=${mac.toString("base64url")}`;
}

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
  it("streams signed favicons, thumbnails and video thumbnails, minted at receipt and stored as sent", async () => {
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
    expect(stored.sources[0]?.favicon).toBe(loadedImages(sources)[0]);
    expectAllProxied(row?.results, 3);

    const thread = (await (
      await h.request(`/api/threads/${row?.threadId}`, { cookie })
    ).json()) as ThreadResponse;
    expectAllProxied(thread.entries, 3);
  });

  it("signs nothing a stored row holds: raw addresses (rows from before minting at receipt) go, minted ones pass", async () => {
    const { cookie, userId } = await h.signIn("present-old@acme.com");
    const minted = h.deps.images.sign("https://c.example/favicon.ico");
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
          {
            title: "C",
            url: "https://c.example/",
            domain: "c.example",
            favicon: minted,
            snippet: "",
          },
        ],
        images: [
          { url: "http://img.example/full.jpg" },
          { url: "https://img.example/2.jpg", thumbnailUrl: "https://img.example/2-thumb.jpg" },
          { url: "data:image/png;base64,AAAA" },
          {
            url: "https://img.example/3.jpg",
            thumbnailUrl: h.deps.images.sign("https://img.example/3t.jpg"),
          },
        ],
        videos: [{ url: "https://v.example/1", thumbnailUrl: "https://v.example/1.jpg" }],
        thinking: "",
      },
    });
    const thread = (await (
      await h.request("/api/threads/old-row-entry", { cookie })
    ).json()) as ThreadResponse;
    const results = thread.entries[0]?.results;
    // The text and links stay; a raw favicon becomes a letter tile (null), raw pictures go.
    expect(results?.markdown).toBe("An old answer [1].");
    expect(results?.sources.map((s) => [s.url, s.favicon])).toEqual([
      ["https://a.example/", null],
      ["https://b.example/", null],
      ["https://c.example/", minted],
    ]);
    expect(results?.images.map((i) => i.url)).toEqual(["https://img.example/3.jpg"]);
    expect(results?.videos).toEqual([{ url: "https://v.example/1" }]);
    const library = await (await h.request("/api/library", { cookie })).json();
    expectAllProxied(library, 1);
    expect(JSON.stringify(library)).not.toContain(encodeURIComponent("https://a.example"));
  });

  it("never signs an imported thread's attacker favicon: not in the thread, library, share or copy, and /api/image refuses it", async () => {
    const owner = await h.signIn("present-import@acme.com");
    const minted = h.deps.images.sign("https://site2.example.org/favicon.ico");
    const source = (favicon: string | null, n: number) => ({
      title: `x${n}`,
      url: `https://x${n}.example/`,
      domain: `x${n}.example`,
      favicon,
      snippet: "",
    });
    const imported = await h.request("/api/history/import", {
      method: "POST",
      cookie: owner.cookie,
      body: {
        threadId: "AttackerFavicon01",
        focusMode: "web",
        turns: [
          {
            query: "Hostile",
            markdown: `Hostile answer [1]. ![x](${firstScheme(ATTACKER)})`,
            sources: [source(ATTACKER, 1), source(firstScheme(ATTACKER), 2), source(minted, 3)],
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const seen: string[] = [];
    const read = async (path: string, cookie?: string) => {
      const res = await h.request(path, cookie ? { cookie } : {});
      expect(res.status, path).toBe(200);
      const text = await res.text();
      seen.push(text);
      return JSON.parse(text) as unknown;
    };
    const thread = (await read("/api/threads/AttackerFavicon01", owner.cookie)) as ThreadResponse;
    // The text stays; the attacker's favicons become letter tiles; a URL minted here passes.
    expect(thread.entries[0]?.results.markdown).toContain("Hostile answer [1].");
    expect(thread.entries[0]?.results.sources.map((s) => s.favicon)).toEqual([null, null, minted]);
    await read("/api/library", owner.cookie);
    await read("/api/history", owner.cookie);

    for (const body of [{ entryId: thread.entries[0]?.id }, { threadId: "AttackerFavicon01" }]) {
      const made = await h.request("/api/shares", { method: "POST", cookie: owner.cookie, body });
      const { shareId } = (await made.json()) as { shareId: string };
      expectAllProxied(await read(`/api/shares/${shareId}`), 1);

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
      seen.push(JSON.stringify(row?.results));
      expectAllProxied(await read(`/api/threads/${threadId}`, reader.cookie), 1);
    }
    const [stored] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.threadId, "AttackerFavicon01"));
    seen.push(JSON.stringify(stored?.results.sources));
    // No proxy URL that verifies for the attacker's address anywhere (the markdown keeps the
    // importer's own text, a proxy URL that does not verify: the check below and the 403).
    const proxied = seen.flatMap((text) => text.match(/\/api\/image\?u=[^&"\s)]+&s=[\w-]+/g) ?? []);
    expect(proxied.length).toBeGreaterThan(2);
    const addresses = proxied.map((p) => h.deps.images.addressOf(p.slice("/api/image?".length)));
    expect(addresses.filter((a) => a !== null && !a.startsWith("https://site2."))).toEqual([]);
    // What a server before this change handed out for it (its import signed anything) is void.
    const res = await h.request(firstScheme(ATTACKER));
    expect(res.status).toBe(403);
  });
});
