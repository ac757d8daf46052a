import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createWebFetch } from "../web-fetch.ts";
import { WebFetchError } from "../web-fetch-error.ts";
import { SearchUnavailableError } from "./search-http.ts";
import { createSearxngSearch } from "./searxng.ts";

let fake: FakeSearxng;
// No allowAddresses on the instance: only the provider's per-request allowance reaches the fake.
const webFetch = createWebFetch();

beforeAll(async () => {
  fake = await startFakeSearxng();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.errorStatus = 500;
  fake.requests.length = 0;
});

const provider = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createSearxngSearch({ baseUrl: options.baseUrl ?? fake.url, webFetch, ...options });

async function failure(promise: Promise<unknown>): Promise<SearchUnavailableError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchUnavailableError);
  return error as SearchUnavailableError;
}

describe("SearXNG provider", () => {
  it("maps results, passes query, category, page and language, dedupes and drops bad links", async () => {
    const answer = await provider().search({ query: "solar power", page: 1, language: "en" });
    const request = fake.requests[0];
    expect(fake.requests).toHaveLength(1);
    expect(request?.path).toBe("/search");
    expect(request?.query.get("q")).toBe("solar power");
    expect(request?.query.get("format")).toBe("json");
    expect(request?.query.get("categories")).toBe("general");
    expect(request?.query.get("pageno")).toBe("1");
    expect(request?.query.get("language")).toBe("en");
    expect(answer.results[0]).toEqual({
      title: "Result 1",
      url: "https://site1.example.org/article",
      snippet: "Passage 1 about solar power.",
      source: "web",
      engine: "duckduckgo, bing",
      publishedDate: "2026-01-02T03:04:05",
    });
    expect(answer.results[1]).toEqual({
      title: "Result 2",
      url: "https://site2.example.org/article",
      snippet: "Passage 2 about solar power.",
      source: "web",
      engine: "bing",
    });
    const urls = answer.results.map((r) => r.url);
    expect(urls.filter((u) => u.startsWith("https://site1.example.org/"))).toHaveLength(1);
    expect(urls.some((u) => u.startsWith("javascript:"))).toBe(false);
    expect(answer.results).toHaveLength(10); // default limit
    expect(answer.images).toEqual([]);
    expect(answer.videos).toEqual([]);
  });

  it("asks once per category and maps images and videos", async () => {
    const answer = await provider().search({
      query: "cats",
      categories: ["general", "images", "videos", "science", "news"],
      page: 2,
    });
    const asked = fake.requests.map((r) => r.query.get("categories")).sort();
    expect(asked).toEqual(["general", "images", "news", "science", "videos"]);
    expect(fake.requests.every((r) => r.query.get("pageno") === "2")).toBe(true);
    expect(answer.images).toHaveLength(0); // the fake's image corpus fits on page 1
    const first = await provider().search({ query: "cats", categories: ["images", "videos"] });
    expect(first.results).toEqual([]);
    expect(first.images[0]).toEqual({
      url: "https://img.example.org/1.jpg",
      title: "Image 1",
      thumbnailUrl: "https://img.example.org/1-thumb.jpg",
      pageUrl: "https://photos.example.org/page/1",
    });
    expect(first.images).toHaveLength(4);
    expect(first.videos[0]).toEqual({
      url: "https://video.example.org/watch?v=1",
      title: "Video 1",
      thumbnailUrl: "https://video.example.org/thumb/1.jpg",
      embedUrl: "https://video.example.org/embed/1",
    });
    expect(first.videos).toHaveLength(3);
  });

  it("merges science and news into results and honours limits", async () => {
    const search = createSearxngSearch({
      baseUrl: fake.url,
      webFetch,
      limits: { results: 2, images: 1 },
    });
    const answer = await search.search({ query: "q", categories: ["science", "news", "images"] });
    expect(answer.results.map((r) => r.url)).toEqual([
      "https://arxiv.example.org/abs/1",
      "https://news.example.org/today",
    ]);
    expect(answer.results[1]?.publishedDate).toBe("2026-11-01T10:00:00");
    expect(answer.images).toHaveLength(1);
  });

  it("reaches a 'localhost' SEARXNG_URL and a named host resolved to a private address", async () => {
    const local = await provider({ baseUrl: `http://localhost:${fake.port}/` }).search({
      query: "x",
    });
    expect(local.results.length).toBeGreaterThan(0);
    const named = createSearxngSearch({
      baseUrl: `http://searxng.internal:${fake.port}`,
      webFetch: createWebFetch({ resolve: async () => ["127.0.0.1"] }),
      resolveAddresses: async () => ["127.0.0.1"],
    });
    expect((await named.search({ query: "x" })).results.length).toBeGreaterThan(0);
  });

  it("keeps the allowance to its own requests: the same web-fetch still refuses the host", async () => {
    await provider().search({ query: "x" });
    const refused = await webFetch.fetchPage({ url: `${fake.url}/search?q=x&format=json` }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(WebFetchError);
    expect((refused as WebFetchError).reason).toBe("blocked_address");
    expect(fake.requests).toHaveLength(1);
  });

  it("raises 'unavailable' naming SearXNG on HTTP errors", async () => {
    fake.mode = "error";
    fake.errorStatus = 502;
    const error = await failure(provider().search({ query: "x" }));
    expect(error.code).toBe("unavailable");
    expect(error.status).toBe(503);
    expect(error.provider).toBe("SearXNG");
    expect(error.failure).toBe("http_error");
    expect(error.message).toBe("SearXNG did not answer (HTTP 502).");
  });

  it("raises 'unavailable' on bad JSON and on JSON of the wrong shape", async () => {
    fake.mode = "bad-json";
    const bad = await failure(provider().search({ query: "x" }));
    expect(bad.message).toBe("SearXNG returned invalid JSON.");
    expect(bad.failure).toBe("bad_response");
    fake.mode = "wrong-shape";
    const shape = await failure(provider().search({ query: "x" }));
    expect(shape.message).toBe("SearXNG returned an unexpected response.");
  });

  it("times out a stalled SearXNG with a clear message", async () => {
    fake.mode = "stall";
    const started = Date.now();
    const error = await failure(provider({ timeoutMs: 300 }).search({ query: "x" }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.failure).toBe("timeout");
    expect(error.message).toBe("SearXNG did not answer in time (300 ms).");
  });

  it("says so when SearXNG is not listening", async () => {
    const closed = await startFakeSearxng();
    const url = closed.url;
    await closed.close();
    const error = await failure(provider({ baseUrl: url }).search({ query: "x" }));
    expect(error.failure).toBe("unreachable");
    expect(error.message).toMatch(/^SearXNG could not be reached/);
  });

  it("fails as a whole when one category fails (no partial silent answer)", async () => {
    fake.mode = "error";
    const error = await failure(
      provider().search({ query: "x", categories: ["general", "images"] }),
    );
    expect(error.message).toBe("SearXNG did not answer (HTTP 500).");
  });
});
