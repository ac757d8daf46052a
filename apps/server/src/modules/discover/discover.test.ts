import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DISCOVER_TOPICS, type DiscoverResponse, discoverResponseSchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeSearxng,
  type SearxngItem,
  startFakeSearxng,
} from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { guideTopics, isoDate } from "./discover.items.ts";
import { DISCOVER_RATE_LIMIT } from "./discover.routes.ts";

async function feedOf(h: Harness, query: string): Promise<DiscoverResponse> {
  const res = await h.request(`/api/discover${query}`);
  expect(res.status).toBe(200);
  return discoverResponseSchema.parse(await res.json());
}

/** A news corpus whose items name the query (so each topic has its own). */
function newsCorpus(tag = ""): SearxngItem[] {
  return [
    {
      url: "https://news.example.org/{q}/one",
      title: `First story on {q}${tag}`,
      content: "A <b>bold</b> summary &amp; more.",
      engine: "bing news",
      publishedDate: "2026-03-01T10:00:00Z",
      img_src: "https://img.example.org/one.jpg",
    },
    // the same story again (fragment and trailing slash differ): shown once
    {
      url: "https://news.example.org/{q}/one/#comments",
      title: "First story again",
      engine: "duckduckgo news",
    },
    {
      url: "https://www.other.example.com/{q}/two",
      title: `Second story on {q}${tag}`,
      content: "Second summary.",
      engine: "duckduckgo news",
      publishedDate: "3 hours ago",
      // http: shown through the image proxy like any other
      img_src: "http://img.example.org/two.jpg",
    },
    { url: "javascript:alert(1)", title: "Bad link", engine: "evil" },
  ];
}

describe("GET /api/discover with SearXNG", () => {
  let h: Harness;
  let fake: FakeSearxng;
  const newsRequests = () => fake.requests.filter((r) => r.query.get("categories") === "news");

  beforeAll(async () => {
    fake = await startFakeSearxng();
    h = await createHarness({ SEARCH_PROVIDER: "searxng", SEARXNG_URL: fake.url });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = "ok";
    fake.errorStatus = 500;
    fake.corpus.news = newsCorpus();
    fake.requests.length = 0;
  });

  it("rejects an unknown topic with 400", async () => {
    const res = await h.request("/api/discover?topic=weather");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toContain("Unknown topic");
    expect(newsRequests()).toHaveLength(0);
  });

  it("maps news items from the news category, de-duplicated by URL, safe links and images only", async () => {
    const feed = await feedOf(h, "?topic=technology");
    expect(newsRequests()).toHaveLength(1);
    expect(newsRequests()[0]?.query.get("q")).toBe("technology");
    expect(feed).toMatchObject({ topic: "technology", provider: "searxng", offline: false });
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      id: expect.stringMatching(/^[\w-]{16}$/),
      title: "First story on technology",
      summary: "A bold summary & more.",
      url: "https://news.example.org/technology/one",
      source: "news.example.org",
      imageUrl: h.deps.images.sign("https://img.example.org/one.jpg"),
      publishedAt: "2026-03-01T10:00:00.000Z",
    });
    expect(feed.items[0]?.imageUrl).toMatch(/^\/api\/image\?u=https%3A%2F%2Fimg\.example\.org/);
    // www. dropped from the source; the http image signed too; an unparseable date left out
    expect(feed.items[1]).toEqual({
      id: expect.any(String),
      title: "Second story on technology",
      summary: "Second summary.",
      url: "https://www.other.example.com/technology/two",
      source: "other.example.com",
      imageUrl: h.deps.images.sign("http://img.example.org/two.jpg"),
    });
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(2);
  });

  it("serves the second request of a topic from the cache, and each topic has its own items", async () => {
    const first = await feedOf(h, "?topic=science");
    const second = await feedOf(h, "?topic=science");
    expect(newsRequests()).toHaveLength(1);
    expect(second).toEqual(first);
    const business = await feedOf(h, "?topic=business");
    expect(newsRequests()).toHaveLength(2);
    expect(business.items[0]?.title).toBe("First story on business");
    expect(first.items[0]?.title).toBe("First story on science");
  });

  it("keeps the last good items when a refresh fails, and takes new ones when it works again", async () => {
    const before = await feedOf(h, "?topic=culture");
    fake.mode = "error";
    const feed = h.discover;
    expect(await feed.refresh("culture")).toBe(false);
    expect(h.logs.some((line) => line.includes("discover refresh failed"))).toBe(true);
    expect(await feedOf(h, "?topic=culture")).toEqual(before);

    fake.mode = "ok";
    fake.corpus.news = newsCorpus(" (updated)");
    h.clock.advance(60_000);
    expect(await feed.refresh("culture")).toBe(true);
    const after = await feedOf(h, "?topic=culture");
    expect(after.items[0]?.title).toBe("First story on culture (updated)");
    expect(Date.parse(after.refreshedAt)).toBeGreaterThan(Date.parse(before.refreshedAt));
  });

  it("keeps the last items when a refresh finds nothing", async () => {
    const before = await feedOf(h, "?topic=world");
    fake.corpus.news = [];
    expect(await h.discover.refresh("world")).toBe(true);
    expect(await feedOf(h, "?topic=world")).toEqual(before);
  });

  it("refreshes every topic asked for so far in the background pass", async () => {
    await feedOf(h, "?topic=health");
    fake.requests.length = 0;
    await h.discover.refreshAll();
    const asked = newsRequests()
      .map((r) => r.query.get("q"))
      .sort();
    // the topics the tests above asked for, plus health; never sports (nobody asked yet)
    expect(asked).toEqual(["business", "culture", "health", "science", "technology", "world"]);
  });

  it("with the provider down and nothing cached: a clear error, not curated guides", async () => {
    fake.mode = "error";
    fake.errorStatus = 502;
    const res = await h.request("/api/discover?topic=sports");
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unavailable");
    expect(body.error.message).toContain("SearXNG");
    expect(JSON.stringify(body)).not.toContain("Nexus guide");
    // the next request tries again, and works once the provider is back
    fake.mode = "ok";
    expect((await feedOf(h, "?topic=sports")).items).toHaveLength(2);
  });
});

describe("GET /api/discover offline (local search)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await indexKnowledgeBase({ db: h.db.db });
  });
  afterAll(async () => {
    await h.close();
  });

  it("shows curated guides of the knowledge base, labelled offline, every guide under some topic", async () => {
    const documents = await h.db.db.select().from(schema.knowledgeDocuments);
    expect(documents.length).toBeGreaterThan(3);
    const byUrl = new Map(documents.map((d) => [d.url, d]));
    const seen = new Set<string>();
    for (const topic of DISCOVER_TOPICS) {
      const feed = await feedOf(h, `?topic=${topic}`);
      expect(feed).toMatchObject({ topic, provider: "local", offline: true });
      for (const item of feed.items) {
        const doc = byUrl.get(item.url);
        expect(doc, item.url).toBeDefined();
        expect(item.title).toBe(doc?.title);
        expect(item.source).toBe("Nexus guide");
        expect(item.url.startsWith("/")).toBe(true);
        seen.add(item.url);
      }
    }
    expect([...seen].sort()).toEqual([...byUrl.keys()].sort());
    // the default topic has guides
    const standard = await feedOf(h, "");
    expect(standard.topic).toBe("technology");
    expect(standard.items.length).toBeGreaterThan(0);
  });

  it("groups guides into topics by their tags and title", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-discover-"));
    const doc = (name: string, front: string) =>
      fs.writeFileSync(path.join(dir, name), `---\n${front}\n---\n\nSome text about it.\n`);
    doc("marathon.md", "title: Marathon training\nsummary: Run far.\ntags: [sports, running]");
    doc("plans.md", "title: Plans\nsummary: What costs what.\ntags: [pricing, research]");
    doc("misc.md", "title: Miscellany\nsummary: Odds and ends.\ntags: [odds]");
    try {
      await indexKnowledgeBase({ db: h.db.db, dir });
      const titles = async (topic: string) =>
        (await feedOf(h, `?topic=${topic}`)).items.map((i) => i.title);
      expect(await titles("sports")).toEqual(["Marathon training"]);
      expect(await titles("business")).toEqual(["Plans"]);
      expect(await titles("science")).toEqual(["Plans"]);
      expect(await titles("technology")).toEqual(["Miscellany"]);
      expect(await titles("health")).toEqual([]);
      const [marathon] = (await feedOf(h, "?topic=sports")).items;
      expect(marathon).toMatchObject({ summary: "Run far.", url: "/blog/marathon" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is rate-limited per address", async () => {
    let status = 200;
    for (let i = 0; i <= DISCOVER_RATE_LIMIT && status === 200; i++)
      status = (await h.request("/api/discover?topic=health")).status;
    expect(status).toBe(429);
  });
});

describe("discover items", () => {
  it("places guides by whole words of tags and title", () => {
    expect(guideTopics({ title: "Research notes", tags: [] })).toEqual(["science"]);
    // "search" inside "research" is not the technology keyword "search"
    expect(guideTopics({ title: "x", tags: ["research"] })).toEqual(["science"]);
    expect(guideTopics({ title: "x", tags: ["nothing"] })).toEqual(["technology"]);
  });

  it("keeps only dates that parse", () => {
    expect(isoDate("2026-01-02T03:04:05Z")).toBe("2026-01-02T03:04:05.000Z");
    expect(isoDate("2 days ago")).toBeUndefined();
    expect(isoDate(undefined)).toBeUndefined();
  });
});
