import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JsonApiFake } from "../../../../../e2e/fakes/json-api-fake.ts";
import { startFakeTavily } from "../../../../../e2e/fakes/tavily-server.ts";
import { createWebFetch } from "../web-fetch.ts";
import { SearchUnavailableError } from "./search-http.ts";
import { createTavilySearch } from "./tavily.ts";

let fake: JsonApiFake;
const webFetch = createWebFetch({ allowAddresses: ["127.0.0.1"] });

beforeAll(async () => {
  fake = await startFakeTavily({ apiKey: "tvly-good" });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.errorStatus = 500;
  fake.requests.length = 0;
});

const provider = (options: { apiKey?: string; timeoutMs?: number; results?: number } = {}) =>
  createTavilySearch({
    apiKey: options.apiKey ?? "tvly-good",
    webFetch,
    baseUrl: fake.url,
    limits: { results: options.results ?? 5 },
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });

async function failure(promise: Promise<unknown>): Promise<SearchUnavailableError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchUnavailableError);
  return error as SearchUnavailableError;
}

describe("Tavily provider", () => {
  it("POSTs the documented body and maps results and images", async () => {
    const answer = await provider().search({ query: "rust async" });
    const request = fake.requests[0];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/search");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      api_key: "tvly-good",
      query: "rust async",
      search_depth: "basic",
      topic: "general",
      include_images: true,
      max_results: 5,
    });
    expect(answer.results[0]).toEqual({
      title: "Tavily 1",
      url: "https://tavily1.example.com/page",
      snippet: "Content 1 about rust async",
      source: "web",
      engine: "tavily",
    });
    // the duplicate (trailing slash) is dropped
    expect(answer.results.map((r) => r.url)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `https://tavily${n}.example.com/page`),
    );
    expect(answer.images).toEqual([
      { url: "https://img.tavily.example.com/1.png" },
      { url: "https://img.tavily.example.com/2.png", title: "Second image" },
    ]);
    expect(answer.videos).toEqual([]);
  });

  it("pages by asking for more and keeping the last page; news uses the news topic", async () => {
    const answer = await provider({ results: 3 }).search({
      query: "q",
      page: 2,
      categories: ["news"],
    });
    const body = JSON.parse(fake.requests[0]?.body ?? "{}") as Record<string, unknown>;
    expect(body.max_results).toBe(6);
    expect(body.topic).toBe("news");
    expect(answer.results.map((r) => r.url)).toEqual(
      [4, 5, 6].map((n) => `https://tavily${n}.example.com/page`),
    );
    expect(answer.results[0]?.publishedDate).toBe("Mon, 02 Nov 2026 10:00:00 GMT");
    expect(answer.images).toEqual([]);
  });

  it("names Tavily and the key on 401", async () => {
    const error = await failure(provider({ apiKey: "wrong" }).search({ query: "q" }));
    expect(error.code).toBe("unavailable");
    expect(error.failure).toBe("auth");
    expect(error.message).toBe("Tavily refused the request: check the API key (HTTP 401).");
  });

  it("reports 5xx, 429, bad JSON and time-outs as 'unavailable' naming Tavily", async () => {
    fake.mode = "error";
    fake.errorStatus = 503;
    expect((await failure(provider().search({ query: "q" }))).message).toBe(
      "Tavily did not answer (HTTP 503).",
    );
    fake.errorStatus = 429;
    expect((await failure(provider().search({ query: "q" }))).failure).toBe("rate_limited");
    fake.mode = "bad-json";
    expect((await failure(provider().search({ query: "q" }))).message).toBe(
      "Tavily returned invalid JSON.",
    );
    fake.mode = "stall";
    const slow = await failure(provider({ timeoutMs: 250 }).search({ query: "q" }));
    expect(slow.message).toBe("Tavily did not answer in time (250 ms).");
  });
});
