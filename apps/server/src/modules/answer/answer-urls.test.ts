import http from "node:http";
import type { AddressInfo } from "node:net";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { citations, parseStream, partOf, textOf } from "./answer-test-kit.ts";

/**
 * A pasted URL is read (issue 24, scope 7): with the offline engine and local search, a page served
 * on 127.0.0.1 (allowed to web-fetch here by exact address, as in the other web-fetch tests) is the
 * answer's first source and is quoted; an address that cannot be read is reported in a data-status
 * part, is no source, and a question of that address alone is not answered about something else.
 */
const PAGE_SENTENCE = "Kelp forests grow up to half a metre a day in cold, nutrient-rich water.";

let h: Harness;
let page: http.Server;
let pageUrl = "";
const hits: string[] = [];

beforeAll(async () => {
  page = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>Kelp forests</title></head><body><article>
      <h1>Kelp forests</h1><p>${PAGE_SENTENCE}</p>
      <p>${"Kelp forests shelter sea otters, urchins and hundreds of fish species. ".repeat(3)}</p>
      <p>Warming seas and urchin booms have shrunk kelp forests along many coasts.</p>
      </article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/kelp`;
  h = await createHarness({}, { webFetch: { allowAddresses: ["127.0.0.1"] } });
  await indexKnowledgeBase({ db: h.db.db });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => page.close(() => resolve()));
});

async function ask(text: string, cookie: string) {
  const res = await h.request("/api/answer", { method: "POST", body: { text }, cookie });
  expect(res.status).toBe(200);
  return parseStream(await res.text());
}

const sourcesOf = (chunks: ReturnType<typeof parseStream>) =>
  chunks.filter((c) => c.type === "source-url").map((c) => String(c.url));

async function searchesUsed(cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { search: { current: number } };
  };
  return body.counters.search.current;
}

const savedResults = async (userId: string) => {
  const rows = await h.db.db
    .select()
    .from(schema.searchHistory)
    .where(eq(schema.searchHistory.userId, userId));
  return rows.map((r) => r.results as { sources: { url: string }[]; unread?: unknown });
};

describe("a URL pasted into the question", () => {
  it("is read and is the first and only source of a question that is just the URL", async () => {
    const { cookie, userId } = await h.signIn("url-only@acme.com");
    const chunks = await ask(pageUrl, cookie);
    expect(sourcesOf(chunks)).toEqual([pageUrl]);
    const text = textOf(chunks);
    expect(text).toContain(PAGE_SENTENCE);
    expect(citations(text)).toContain(1);
    expect(partOf(chunks, "data-status")).toBeUndefined();
    expect(chunks.at(-1)?.type).toBe("finish");
    const [saved] = await savedResults(userId);
    expect(saved?.sources.map((s) => s.url)).toEqual([pageUrl]);
  });

  it("comes before the search results of the words around it", async () => {
    const { cookie } = await h.signIn("url-text@acme.com");
    const chunks = await ask(`How do I connect Ollama? Also see ${pageUrl}`, cookie);
    const sources = sourcesOf(chunks);
    expect(sources[0]).toBe(pageUrl);
    // The words were searched too (the knowledge base's pages follow the read page).
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.slice(1).every((url) => url.startsWith("/"))).toBe(true);
  });

  it("says an unreachable URL of a question could not be read and answers the rest", async () => {
    const { cookie, userId } = await h.signIn("url-unreachable@acme.com");
    const chunks = await ask("How do I connect Ollama? http://nowhere.test/guide", cookie);
    expect(chunks.filter((c) => c.type === "data-status").map((c) => c.data)).toEqual([
      {
        state: "unread",
        url: "http://nowhere.test/guide",
        message: "nowhere.test could not be reached.",
      },
    ]);
    expect(sourcesOf(chunks).some((url) => url.includes("nowhere.test"))).toBe(false);
    expect(textOf(chunks)).toMatch(/Ollama/);
    const [saved] = await savedResults(userId);
    expect(saved?.unread).toEqual([
      { url: "http://nowhere.test/guide", message: "nowhere.test could not be reached." },
    ]);
  });

  it("answers nothing about something else when the only URL cannot be read, and refunds", async () => {
    const { cookie, userId } = await h.signIn("url-unread-only@acme.com");
    // A private address: web-fetch refuses it (the SSRF rules are unchanged).
    const chunks = await ask("http://10.1.2.3/internal", cookie);
    expect(partOf(chunks, "data-status")?.data).toMatchObject({
      state: "unread",
      message:
        "10.1.2.3 could not be reached: this server does not read private or local addresses. Its operator can allow one with WEB_FETCH_ALLOW_ADDRESSES.",
    });
    expect(sourcesOf(chunks)).toEqual([]);
    expect(textOf(chunks)).toBe("");
    expect(String(partOf(chunks, "error")?.errorText)).toMatch(
      /^The page you asked about could not be read.*10\.1\.2\.3 could not be reached: this server does not read private or local addresses/,
    );
    expect(await searchesUsed(cookie)).toBe(0);
    expect(await savedResults(userId)).toEqual([]);
  });
});
