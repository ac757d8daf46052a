import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSearxng, startFakeSearxng } from "../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../test/harness.ts";
import { webAppForTests } from "../test/support/static-test-kit.ts";
import { discoverValues } from "./first-view.discover.ts";
import { indexKnowledgeBase } from "./integrations/search/knowledge-index.ts";
import { createDiscoverFeed } from "./modules/discover/discover.service.ts";

describe("Discover's first view with news from SearXNG", () => {
  let h: Harness;
  let fake: FakeSearxng;
  beforeAll(async () => {
    fake = await startFakeSearxng();
    h = await createHarness({ SEARCH_PROVIDER: "searxng", SEARXNG_URL: fake.url });
    fake.corpus.news = [
      {
        url: "https://news.example.org/one",
        title: "First <b>story</b>",
        content: "A summary.",
        engine: "bing news",
        publishedDate: "2026-03-01T10:00:00Z",
        img_src: "https://img.example.org/one.jpg",
      },
      { url: "javascript:alert(1)", title: "Bad link", engine: "evil" },
    ];
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("shows only what the feed has at once, never asking the provider; then its cards", async () => {
    const feed = createDiscoverFeed({ deps: h.deps });
    // Nothing cached: no first view (the page's loading grid), and no request for one.
    expect(await discoverValues(h.deps, feed, "science", "en")).toEqual({});
    expect(fake.requests).toHaveLength(0);

    await feed.get("science");
    h.clock.set("2026-03-01T13:00:00Z");
    const values = await discoverValues(h.deps, feed, "science", "en");
    expect(fake.requests).toHaveLength(1);
    expect(values).toMatchObject({
      discoverTopic: "science",
      discoverProvider: "searxng",
      discoverOffline: "",
    });
    const cards = values.discoverCards as Array<Record<string, string>>;
    const first = cards.find((card) => card.title === "First story");
    expect(first).toMatchObject({
      source: "news.example.org",
      time: "3 hours ago",
      datetime: "2026-03-01T10:00:00.000Z",
      media: "image",
      href: "https://news.example.org/one",
      link: "source",
    });
    // Pictures only through this server's signed image proxy.
    expect(first?.image).toMatch(/^\/api\/image\?u=https%3A%2F%2Fimg\.example\.org%2Fone\.jpg&s=/);
    expect(new URLSearchParams((first?.ask ?? "").replace(/^app\/search\?/, "")).get("q")).toBe(
      "What is the latest on First story?",
    );
    // A link that is not http(s) is never drawn.
    for (const card of cards) expect(card.href).not.toMatch(/^javascript:/i);

    // Times in the person's language, as the page words them.
    const german = await discoverValues(h.deps, feed, "science", "de");
    expect((german.discoverCards as Array<Record<string, string>>)[0]?.time).toBe("vor 3 Stunden");
    // An unknown topic is the default one, as the page shows it: nothing cached for it yet, so
    // nothing, and still no request of the provider.
    expect(await discoverValues(h.deps, feed, "nonsense", "en")).toEqual({});
    await feed.get("technology");
    expect((await discoverValues(h.deps, feed, "nonsense", "en")).discoverTopic).toBe("technology");
    expect(fake.requests).toHaveLength(2);
  });
});

describe("Discover's first view offline", () => {
  const web = webAppForTests();

  it("draws the topic's guides for anyone, signed in or not", async () => {
    await indexKnowledgeBase({ db: web.h.db.db });
    const root = async (url: string, cookie?: string) => {
      const html = await (await web.app.request(url, cookie ? { headers: { cookie } } : {})).text();
      return html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));
    };
    const anonymous = await root("/app/discover?topic=science");
    expect(anonymous).toContain('<section data-topic="science">');
    expect(anonymous).toContain("<p>Offline</p>");
    const links = [...anonymous.matchAll(/<a href="([^"]+)">Read guide<\/a>/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/(blog|faq)/);
    expect(anonymous).not.toContain("%%nexus");
    const person = await web.h.signIn("first-view-discover@acme.com");
    expect(await root("/app/discover?topic=science", person.cookie)).toBe(anonymous);
    // The default topic for an unknown one.
    expect(await root("/app/discover?topic=%3Cx%3E")).toContain(
      '<section data-topic="technology">',
    );
  });
});
