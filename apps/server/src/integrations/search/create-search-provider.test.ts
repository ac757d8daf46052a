import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBrave } from "../../../../../e2e/fakes/brave-server.ts";
import type { JsonApiFake } from "../../../../../e2e/fakes/json-api-fake.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { startFakeTavily } from "../../../../../e2e/fakes/tavily-server.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { parseEnv } from "../../env.ts";
import { createWebFetch } from "../web-fetch.ts";
import { createSearchProvider } from "./create-search-provider.ts";
import { SearchUnavailableError } from "./search-http.ts";

let db: TestDatabase;
let searxng: FakeSearxng;
let tavily: JsonApiFake;
let brave: JsonApiFake;
const webFetch = createWebFetch({ allowAddresses: ["127.0.0.1"] });

beforeAll(async () => {
  [db, searxng, tavily, brave] = await Promise.all([
    createTestDatabase(),
    startFakeSearxng(),
    startFakeTavily({ apiKey: "tvly-k" }),
    startFakeBrave({ apiKey: "brave-k" }),
  ]);
});
afterAll(async () => {
  await Promise.all([db.close(), searxng.close(), tavily.close(), brave.close()]);
});

function providerFor(vars: Record<string, string>) {
  return createSearchProvider({
    env: parseEnv(vars),
    db: db.db,
    webFetch,
    baseUrls: { tavily: tavily.url, brave: brave.url },
  });
}

describe("createSearchProvider", () => {
  it("is local with nothing configured", () => {
    expect(providerFor({}).name).toBe("local");
  });

  it("picks the provider SEARCH_PROVIDER names, and only that one is asked", async () => {
    const cases: { vars: Record<string, string>; name: string }[] = [
      { vars: { SEARCH_PROVIDER: "searxng", SEARXNG_URL: searxng.url }, name: "searxng" },
      { vars: { SEARCH_PROVIDER: "tavily", TAVILY_API_KEY: "tvly-k" }, name: "tavily" },
      { vars: { SEARCH_PROVIDER: "brave", BRAVE_API_KEY: "brave-k" }, name: "brave" },
    ];
    for (const { vars, name } of cases) {
      for (const fake of [searxng, tavily, brave]) fake.requests.length = 0;
      const provider = providerFor(vars);
      expect(provider.name).toBe(name);
      const answer = await provider.search({ query: "hello" });
      expect(answer.results.length).toBeGreaterThan(0);
      expect(searxng.requests.length > 0).toBe(name === "searxng");
      expect(tavily.requests.length > 0).toBe(name === "tavily");
      expect(brave.requests.length > 0).toBe(name === "brave");
    }
  });

  it("never falls back: a failing configured provider is a visible 'unavailable' error", async () => {
    searxng.mode = "error";
    searxng.errorStatus = 502;
    tavily.requests.length = 0;
    brave.requests.length = 0;
    const provider = providerFor({ SEARCH_PROVIDER: "searxng", SEARXNG_URL: searxng.url });
    const error = await provider.search({ query: "x" }).then(
      () => null,
      (e: unknown) => e,
    );
    searxng.mode = "ok";
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).message).toBe("SearXNG did not answer (HTTP 502).");
    expect(tavily.requests).toHaveLength(0);
    expect(brave.requests).toHaveLength(0);
  });

  it("refuses an unknown provider name or a missing key at env parsing", () => {
    expect(() => parseEnv({ SEARCH_PROVIDER: "google" })).toThrow(/SEARCH_PROVIDER/);
    expect(() => parseEnv({ SEARCH_PROVIDER: "brave" })).toThrow(/BRAVE_API_KEY/);
  });
});
