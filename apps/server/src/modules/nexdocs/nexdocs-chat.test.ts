import { TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { hangUpMidAnswer, parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";
import * as usage from "../usage/usage.service.ts";

/**
 * NexDocs' side chat with a model (issue 40 scope 4; offline and authorization: nexdocs.test.ts):
 * a long document is answered from the sections that match the question (not all of it), the web
 * beside it when asked, citations checked; one search per question, atomic at the quota's edge
 * (50 parallel questions with one unit left: exactly one runs); a stopped reply keeps what it got,
 * uncharged.
 */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (!request.stream) return { kind: "echo" };
      // The stop test's question streams slowly, so the person can hang up mid-reply.
      return JSON.stringify(request.messages.at(-1)?.content).includes("slowly")
        ? { kind: "text", text: "one two three four five six seven eight", delayMs: 80 }
        : { kind: "text", text: "The basin dredging got forty thousand pounds [1]." };
    },
  });
  searxng = await startFakeSearxng();
  h = await createHarness({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
    // Sections are ranked by meaning too (the fake model's vectors: synonyms share a dimension).
    EMBEDDING_MODEL: "fake-embedding",
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: searxng.url,
  });
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

/** A long document: 40 chapters of filler, one about the budget, one about wages. */
function longDocument(): string {
  const chapters = Array.from({ length: 40 }, (_, i) =>
    i === 27
      ? "## Budget\n\nThe council set aside forty thousand pounds for dredging the inner basin."
      : i === 12
        ? "## Wages\n\nEach keeper earned a salary of ninety shillings a month."
        : `## Chapter ${i + 1}\n\nGulls circled the lighthouse while keeper number ${i + 1} logged the weather.`,
  );
  return ["# Harbour report", "", ...chapters].join("\n\n");
}

async function newDocument(cookie: string): Promise<string> {
  const res = await h.request("/api/nexdocs", {
    method: "POST",
    cookie,
    body: { title: "Harbour report", markdown: longDocument() },
  });
  return ((await res.json()) as { id: string }).id;
}

const systemOf = (index: number) =>
  String(llm.requests.filter((r) => r.stream)[index]?.messages[0]?.content ?? "");

describe("NexDocs side chat with a model", { timeout: 30_000 }, () => {
  it("answers from the matching sections of a long document, with the web beside them when asked", async () => {
    const { cookie } = await h.signIn("nexchat-model@acme.com");
    const id = await newDocument(cookie);
    llm.reset();
    const res = await h.request(`/api/nexdocs/${id}/chat`, {
      method: "POST",
      cookie,
      body: { text: "How much was set aside for dredging the basin?", threadId: "NexModel1" },
    });
    expect(res.status).toBe(200);
    const chunks = parseStream(await res.text());
    expect(textOf(chunks)).toContain("forty thousand pounds [1]");
    const sources = partOf(chunks, "data-sources")?.data as { title: string; url: string }[];
    expect(sources[0]).toEqual(
      expect.objectContaining({ title: "Harbour report — Budget", url: expect.any(String) }),
    );
    expect(sources.length).toBeLessThanOrEqual(6);
    // The model read the best sections, not the whole document, and no web page.
    const system = systemOf(0);
    expect(system).toContain("forty thousand pounds");
    expect(system).toContain('document titled "Harbour report"');
    expect(system.match(/Gulls circled/g)?.length ?? 0).toBeLessThan(6);
    expect(system).not.toContain("site1.example.org");
    // Its citation was checked against the section it names.
    const checks = partOf(chunks, "data-citation-checks")?.data as { match: string }[];
    expect(checks[0]?.match).not.toBe("none");

    const web = await h.request(`/api/nexdocs/${id}/chat`, {
      method: "POST",
      cookie,
      body: { text: "What do others spend on dredging?", threadId: "NexModel2", web: true },
    });
    const webSources = partOf(parseStream(await web.text()), "data-sources")?.data as {
      title: string;
      url: string;
    }[];
    expect(webSources.some((s) => s.url.startsWith(`/app/nexdocs/${id}/NexModel2?section=`))).toBe(
      true,
    );
    expect(webSources.some((s) => s.url.startsWith("https://site1.example.org/"))).toBe(true);
    expect(systemOf(1)).toContain("web pages or the person's files");

    // A question in other words than the document's finds its section by meaning (RRF with BM25).
    const meaning = await h.request(`/api/nexdocs/${id}/chat`, {
      method: "POST",
      cookie,
      body: { text: "What compensation was paid?", threadId: "NexModel3" },
    });
    const found = partOf(parseStream(await meaning.text()), "data-sources")?.data as {
      title: string;
    }[];
    expect(found.map((s) => s.title)).toContain("Harbour report — Wages");
  });

  it("runs exactly one of 50 parallel questions with one search left; the rest get 429", async () => {
    const { cookie, userId } = await h.signIn("nexchat-parallel@acme.com");
    const id = await newDocument(cookie);
    const caller = { user: { id: userId, tier: "free" } as SessionUser, anonId: null, ip: "::1" };
    const limit = TIER_LIMITS.free.search;
    await usage.consume({ deps: h.deps, caller, counter: "search", amount: limit - 1 });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await h.request(`/api/nexdocs/${id}/chat`, {
          method: "POST",
          cookie,
          body: { text: `What was dredged, take ${i}?`, threadId: `NexPar${i}` },
        });
        await res.text();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const used = await usage.check({ deps: h.deps, caller, counter: "search" });
    expect(used.current).toBe(limit);
  });

  it("keeps a stopped reply as far as it got, and gives its search back", async () => {
    const { cookie, userId } = await h.signIn("nexchat-stop@acme.com");
    const id = await newDocument(cookie);
    const caller = { user: { id: userId, tier: "free" } as SessionUser, anonId: null, ip: "::1" };
    const aborted = llm.abortedCount();
    await hangUpMidAnswer(h.app.fetch, cookie, {
      path: `/api/nexdocs/${id}/chat`,
      body: { text: "Tell me slowly about the budget", threadId: "NexStop1" },
    });
    await llm.waitForAborts({ count: aborted + 1 });
    // Saved as stopped, then its unit given back (the runtime settles after the last save).
    const stopped = async () => {
      const rows = await h.db.db
        .select()
        .from(schema.searchHistory)
        .where(eq(schema.searchHistory.threadId, "NexStop1"));
      const used = await usage.check({ deps: h.deps, caller, counter: "search" });
      return { rows, used: used.current };
    };
    const deadline = Date.now() + 5_000;
    let seen = await stopped();
    while (Date.now() < deadline && !(seen.rows[0]?.results.stopped === true && seen.used === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await stopped();
    }
    expect(seen.rows).toHaveLength(1);
    expect(seen.rows[0]).toMatchObject({ kind: "nexdocs", subjectId: id });
    expect(seen.rows[0]?.results.stopped).toBe(true);
    expect(String(seen.rows[0]?.results.markdown)).not.toContain("eight");
    expect(seen.used).toBe(0);
  });
});
