import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBrave } from "../../../../../e2e/fakes/brave-server.ts";
import type { JsonApiFake } from "../../../../../e2e/fakes/json-api-fake.ts";
import { createWebFetch } from "../web-fetch.ts";
import { createBraveSearch } from "./brave.ts";
import { SearchUnavailableError } from "./search-http.ts";

let fake: JsonApiFake;
const webFetch = createWebFetch({ allowAddresses: ["127.0.0.1"] });

beforeAll(async () => {
  fake = await startFakeBrave({ apiKey: "brave-good" });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.errorStatus = 500;
  fake.requests.length = 0;
});

const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  createBraveSearch({
    apiKey: options.apiKey ?? "brave-good",
    webFetch,
    baseUrl: `${fake.url}/`,
    limits: { results: 4, images: 2, videos: 5 },
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

describe("Brave provider", () => {
  it("sends the token, count, offset and language; maps web results as plain text", async () => {
    const answer = await provider().search({ query: "tea", language: "en-GB" });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.path).toBe("/res/v1/web/search");
    expect(request?.headers["x-subscription-token"]).toBe("brave-good");
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.query.get("q")).toBe("tea");
    expect(request?.query.get("count")).toBe("4");
    expect(request?.query.get("offset")).toBe("0");
    expect(request?.query.get("search_lang")).toBe("en");
    expect(answer.results[0]).toEqual({
      title: "Brave tea 1",
      url: "https://brave1.example.net/",
      snippet: "About tea & more 1",
      source: "web",
      engine: "brave",
      publishedDate: "2026-10-01T00:00:00",
    });
    expect(answer.results.map((r) => r.url)).toEqual(
      [1, 2, 3, 4].map((n) => `https://brave${n}.example.net/`),
    );
    expect(answer.images).toEqual([]);
    expect(answer.videos).toEqual([]);
  });

  it("turns page into offset and asks the images and videos endpoints when wanted", async () => {
    const answer = await provider().search({
      query: "tea",
      page: 3,
      categories: ["general", "images", "videos"],
    });
    const paths = fake.requests.map((r) => r.path).sort();
    expect(paths).toEqual(["/res/v1/images/search", "/res/v1/videos/search", "/res/v1/web/search"]);
    const web = fake.requests.find((r) => r.path === "/res/v1/web/search");
    expect(web?.query.get("offset")).toBe("2");
    expect(answer.results[0]?.url).toBe("https://brave9.example.net/");
    expect(answer.images).toHaveLength(2);
    expect(answer.images[0]).toEqual({
      url: "https://imgs.example.net/full1.jpg",
      title: "Picture 1",
      thumbnailUrl: "https://imgs.example.net/thumb1.jpg",
      pageUrl: "https://pictures.example.net/page1",
    });
    expect(answer.videos[0]).toEqual({
      url: "https://clips.example.net/v11",
      title: "Clip 11",
      thumbnailUrl: "https://clips.example.net/t11.jpg",
    });
  });

  it("names Brave Search on a bad key, 5xx, bad JSON and a time-out", async () => {
    const auth = await failure(provider({ apiKey: "nope" }).search({ query: "q" }));
    expect(auth.failure).toBe("auth");
    expect(auth.message).toBe("Brave Search refused the request: check the API key (HTTP 401).");
    fake.mode = "error";
    expect((await failure(provider().search({ query: "q" }))).message).toBe(
      "Brave Search did not answer (HTTP 500).",
    );
    fake.mode = "wrong-shape";
    expect((await failure(provider().search({ query: "q" }))).failure).toBe("bad_response");
    fake.mode = "stall";
    const slow = await failure(provider({ timeoutMs: 250 }).search({ query: "q" }));
    expect(slow.code).toBe("unavailable");
    expect(slow.message).toBe("Brave Search did not answer in time (250 ms).");
  });
});
