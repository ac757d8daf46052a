import type { ExtractionItem } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { fixture } from "../../../test/documents/fixtures.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { APP_URL, createHarness, type Harness } from "../../../test/harness.ts";
import { createModelRegistry } from "../../ai/models.ts";
import { createApp } from "../../app.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { type JobRuntime, startJobRuntime } from "../../jobs/runtime.ts";
import { tableOf } from "./extraction.export.ts";
import {
  answerFor,
  docOf,
  ended,
  FIELDS,
  PAGE_HOST,
  parseCsv,
  parseXlsx,
  promptText,
  sleep,
  startStandInPages,
  until,
} from "./extraction-test-kit.ts";

/**
 * Issue 39's acceptance over three fixture PDFs against the fake model: values right, quotes
 * placed on the page they are on, a quote the source does not hold unverified, an unanswered
 * field not found; exports that read back to the same table; an edit kept; cancel; a restart
 * that reads only the rows not done; and the agent quota held under parallel starts.
 */
const DOCS = ["tracemonkey.pdf", "bug1997343.pdf", "file_pdfjs_test.pdf"];
const AGENT_LIMIT = 4;

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let pages: Awaited<ReturnType<typeof startStandInPages>>;
let runtime: { jobs: JobRuntime; lifecycle: { draining: boolean; jobsStopping?: boolean } };
const held = new Set<string>();
let owner: { cookie: string; userId: string };
const fileIds = new Map<string, string>();

/** A job runtime as one instance runs it, with its own lifecycle (to stop it as main.ts does). */
async function startRuntime() {
  const lifecycle: { draining: boolean; jobsStopping?: boolean } = { draining: false };
  const jobs = await startJobRuntime({
    deps: { ...h.deps, lifecycle },
    url: h.db.url,
    definitions: JOB_DEFINITIONS,
    pollingIntervalSeconds: 0.5,
  });
  return { jobs, lifecycle };
}

beforeAll(async () => {
  llm = await startFakeOpenAIServer({ handler: (r) => answerFor(r, held) });
  pages = await startStandInPages();
  searxng = await startFakeSearxng({
    corpus: {
      general: ["alpha", "beta", "gamma"].map((slug) => ({
        url: `${pages.origin(slug)}/report/${slug}`,
        title: `Survey ${slug}`,
        content: "About {q}.",
      })),
    },
  });
  h = await createHarness(
    {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      TIER_LIMITS: `free.agent=${AGENT_LIMIT}`,
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
    },
    {
      jobs: { workers: false },
      // Every host name is the stand-in pages' address (a search's results are read from there).
      webFetch: { resolve: async () => [PAGE_HOST], allowAddresses: [PAGE_HOST] },
    },
  );
  runtime = await startRuntime();
  owner = await h.signIn("extract-owner@nexus.test");
  await Promise.all(
    DOCS.map(async (name) => {
      const res = await upload(h, owner.cookie, name, fixture(name));
      const { id } = (await res.json()) as { id: string };
      expect((await untilDone(h, owner.cookie, id)).at(-1)?.data.type, name).toBe("ready");
      fileIds.set(name, id);
    }),
  );
}, 60_000);
afterAll(async () => {
  await runtime?.jobs.stop(2_000);
  await h?.close();
  await llm?.close();
  await searxng?.close();
  await pages?.close();
});

async function start(cookie: string, sources = DOCS): Promise<Response> {
  return h.request("/api/extractions", {
    method: "POST",
    cookie,
    body: {
      title: "Papers",
      fields: FIELDS,
      sources: sources.map((name) => ({ kind: "file", fileId: fileIds.get(name) ?? name })),
    },
  });
}

async function unitsUsed(cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { agentUsage: { current: number } };
  };
  return body.counters.agentUsage.current;
}

const cellOf = (item: ExtractionItem, doc: string, key: string) =>
  item.rows.find((r) => r.source.label === doc)?.cells[key];

describe("an extraction over three PDFs", () => {
  let item: ExtractionItem;

  it("fills a row per source: values, quotes on their page, unverified and not found", {
    timeout: 30_000,
  }, async () => {
    const res = await start(owner.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const started = (await res.json()) as ExtractionItem;
    expect(started.rows.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    item = await until(h, owner.cookie, started.id, ended);
    expect(item.status).toBe("succeeded");
    expect(item.rows.map((r) => r.status)).toEqual(["done", "done", "done"]);

    const title = cellOf(item, "tracemonkey.pdf", "title");
    expect(title).toMatchObject({ mark: "exact", place: { page: 1 } });
    expect(title?.value).toBe("Trace-based Just-in-Time Type Specialization for Dynamic Languages");
    // Quotes from the last page land on it, read as numbers ("2" → 2).
    expect(cellOf(item, "tracemonkey.pdf", "pages")).toMatchObject({
      value: 14,
      mark: "exact",
      place: { page: 14 },
    });
    expect(cellOf(item, "bug1997343.pdf", "pages")).toMatchObject({
      value: 2,
      mark: "exact",
      place: { page: 2 },
    });
    expect(cellOf(item, "file_pdfjs_test.pdf", "pages")).toMatchObject({
      value: 5,
      place: { page: 5 },
    });
    // A value whose quote is in none of the pages is shown, unverified, with no place.
    expect(cellOf(item, "tracemonkey.pdf", "first_heading")).toMatchObject({
      value: "Introduction",
      mark: "unverified",
      place: null,
    });
    expect(cellOf(item, "bug1997343.pdf", "first_heading")).toMatchObject({
      value: null,
      mark: "not_found",
    });
    // The place names the quote's own characters in its page's stored text.
    const text = (await (
      await h.request(`/api/documents/${fileIds.get("bug1997343.pdf")}/text`, {
        cookie: owner.cookie,
      })
    ).json()) as {
      pages: Array<{
        page: number;
        text: string;
        passages: Array<{ ordinal: number; start: number; end: number }>;
      }>;
    };
    const place = cellOf(item, "bug1997343.pdf", "pages")?.place;
    const page2 = text.pages.find((p) => p.page === 2)?.text ?? "";
    expect(page2.slice(place?.start, place?.end)).toBe("It is also possible to cite works");
    // …and the passage it begins in, which the document viewer opens with the quote marked.
    const passage = text.pages
      .find((p) => p.page === 2)
      ?.passages.find((p) => p.ordinal === place?.chunk);
    expect(passage && place && passage.start <= place.start && place.start < passage.end).toBe(
      true,
    );
    expect(await unitsUsed(owner.cookie)).toBe(1);
    const list = (await (await h.request("/api/extractions", { cookie: owner.cookie })).json()) as {
      items: Array<{ id: string; rowsDone: number }>;
    };
    expect(list.items).toEqual([expect.objectContaining({ id: item.id, rowsDone: 3 })]);
  });

  it("is a thread: listed in History with its label, opened at its table, read back summarised", async () => {
    type Page = { threads: Array<Record<string, unknown>> };
    const history = async () =>
      (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as Page;
    // Its entry is saved by the run's ending hook, just after its status is written.
    let page = await history();
    for (let i = 0; i < 50 && page.threads.length === 0; i++) page = await sleep(50).then(history);
    expect(page.threads).toEqual([
      expect.objectContaining({
        threadId: item.id,
        title: "Papers",
        kind: "extraction",
        label: "Extraction",
        badge: "Extraction",
        icon: "table",
        href: `/app/agents/structured-information-extraction/${item.id}`,
      }),
    ]);
    expect(page.threads[0]?.state).toBeUndefined();
    const res = await h.request(`/api/threads/${item.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const thread = (await res.json()) as {
      kind: string;
      subject: { id: string; name: string };
      messages: Array<{ role: string; parts: Array<{ text?: string }> }>;
    };
    expect(thread.kind).toBe("extraction");
    expect(thread.subject).toEqual({ id: item.id, name: "Papers" });
    const summary = thread.messages[1]?.parts[0]?.text ?? "";
    expect(summary).toContain("| Source | Title | Pages | First heading |");
    expect(summary).toContain("| bug1997343.pdf | A Two Column Example | 2 | — |");
    const other = await h.signIn("extract-thread-other@nexus.test");
    expect((await h.request(`/api/threads/${item.id}`, { cookie: other.cookie })).status).toBe(404);
  });

  it("exports CSV, JSON and XLSX that read back to the same table with quotes", async () => {
    const table = tableOf(item);
    const asText = (row: unknown[]) => row.map((v) => (v === null ? "" : String(v)));
    const csv = await h.request(`/api/extractions/${item.id}/export?format=csv`, {
      cookie: owner.cookie,
    });
    expect(csv.headers.get("content-disposition")).toContain("Papers.csv");
    expect(parseCsv(await csv.text())).toEqual([table.header, ...table.rows].map(asText));
    const json = (await (
      await h.request(`/api/extractions/${item.id}/export?format=json`, { cookie: owner.cookie })
    ).json()) as { rows: Array<{ cells: unknown }> };
    expect(json.rows.map((r) => r.cells)).toEqual(item.rows.map((r) => r.cells));
    const xlsx = await h.request(`/api/extractions/${item.id}/export?format=xlsx`, {
      cookie: owner.cookie,
    });
    const sheet = parseXlsx(new Uint8Array(await xlsx.arrayBuffer()));
    const width = table.header.length;
    const padded = sheet.map((r) => [...r, ...Array(width - r.length).fill(null)]);
    expect(padded).toEqual([table.header, ...table.rows]);
    expect(table.header).toContain("title quote");
    const bad = await h.request(`/api/extractions/${item.id}/export?format=pdf`, {
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it("keeps an edited cell, marked edited, over a reload and a re-run of its column", {
    timeout: 20_000,
  }, async () => {
    const row = item.rows.find((r) => r.source.label === "bug1997343.pdf")?.index;
    const path = `/api/extractions/${item.id}/rows/${row}/cells/first_heading`;
    const refused = await h.request(`/api/extractions/${item.id}/rows/${row}/cells/pages`, {
      method: "PATCH",
      cookie: owner.cookie,
      body: { value: "many" },
    });
    expect(refused.status).toBe(400);
    const other = await h.signIn("extract-other@nexus.test");
    const foreign = await h.request(path, {
      method: "PATCH",
      cookie: other.cookie,
      body: { value: "X" },
    });
    expect(foreign.status).toBe(404);
    const res = await h.request(path, {
      method: "PATCH",
      cookie: owner.cookie,
      body: { value: "1 Introduction" },
    });
    expect(res.status).toBe(200);
    const rerun = await h.request(`/api/extractions/${item.id}/rerun`, {
      method: "POST",
      cookie: owner.cookie,
      body: { field: "first_heading" },
    });
    expect(rerun.status).toBe(202);
    const after = await until(h, owner.cookie, item.id, ended);
    expect(after.status).toBe("succeeded");
    expect(cellOf(after, "bug1997343.pdf", "first_heading")).toMatchObject({
      value: "1 Introduction",
      edited: true,
    });
    expect(cellOf(after, "bug1997343.pdf", "pages")).toEqual(
      cellOf(item, "bug1997343.pdf", "pages"),
    );
    expect(await unitsUsed(owner.cookie)).toBe(2);
  });
  it("adds a field from the screen and fills only it, the cells there untouched, charged like a re-run", {
    timeout: 20_000,
  }, async () => {
    const before = await until(h, owner.cookie, item.id, ended);
    const units = await unitsUsed(owner.cookie);
    const path = `/api/extractions/${before.id}/fields`;
    const venue = { key: "venue", name: "Venue", type: "text" };
    // Bad input changes nothing and costs nothing: a key the schema has, a malformed field.
    for (const field of [
      { ...venue, key: "title" },
      { ...venue, key: "Bad key" },
    ]) {
      const bad = await h.request(path, { method: "POST", cookie: owner.cookie, body: { field } });
      expect(bad.status).toBe(400);
    }
    const other = await h.signIn("extract-thread-other@nexus.test");
    const foreign = await h.request(path, {
      method: "POST",
      cookie: other.cookie,
      body: { field: venue },
    });
    expect(foreign.status).toBe(404);
    expect(await unitsUsed(owner.cookie)).toBe(units);
    const asked = llm.requests.length;
    const res = await h.request(path, {
      method: "POST",
      cookie: owner.cookie,
      body: { field: venue },
    });
    expect(res.status).toBe(202);
    const after = await until(h, owner.cookie, before.id, ended);
    expect(after.status).toBe("succeeded");
    expect(after.fields.map((f) => f.key)).toEqual(["title", "pages", "first_heading", "venue"]);
    expect(cellOf(after, "tracemonkey.pdf", "venue")).toMatchObject({
      value: "Dynamic Languages",
      mark: "exact",
      place: { page: 1 },
    });
    expect(cellOf(after, "bug1997343.pdf", "venue")).toMatchObject({ mark: "not_found" });
    // Only the new field was asked for (each source's parts); every other cell is as it was.
    const calls = llm.requests.slice(asked).map(promptText);
    expect(new Set(calls.map((text) => /Title: (\S+\.pdf)/.exec(text)?.[1])).size).toBe(3);
    for (const text of calls) {
      expect(text).toContain("- venue (Venue; text)");
      expect(text).not.toContain("- title (");
    }
    for (const row of before.rows) {
      const { venue: _, ...rest } = after.rows.find((r) => r.index === row.index)?.cells ?? {};
      expect(rest).toEqual(row.cells);
    }
    expect(await unitsUsed(owner.cookie)).toBe(units + 1);
  });
});

describe("an extraction run", () => {
  it("stops on cancel, and a run that filled nothing gives its unit back", {
    timeout: 20_000,
  }, async () => {
    const before = await unitsUsed(owner.cookie);
    for (const d of DOCS) held.add(d);
    try {
      const started = (await (await start(owner.cookie)).json()) as ExtractionItem;
      await until(h, owner.cookie, started.id, () =>
        llm.requests.some((r) => docOf(r) !== null && held.has(docOf(r) ?? "")),
      );
      // Listed in History (and Recent) from its start, running, before any row is filled.
      const listed = (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as {
        threads: Array<{ threadId: string; state?: string; kind: string }>;
      };
      expect(listed.threads.find((t) => t.threadId === started.id)).toMatchObject({
        kind: "extraction",
        state: "running",
      });
      const res = await h.request(`/api/extractions/${started.id}/cancel`, {
        method: "POST",
        cookie: owner.cookie,
      });
      expect(res.status).toBe(202);
      const after = await until(h, owner.cookie, started.id, ended);
      expect(after.status).toBe("cancelled");
      expect(after.rows.every((r) => r.status === "pending")).toBe(true);
      // Given back once the run's ending hook has run (just after its status is written).
      const deadline = Date.now() + 5_000;
      while ((await unitsUsed(owner.cookie)) !== before && Date.now() < deadline) await sleep(50);
      expect(await unitsUsed(owner.cookie)).toBe(before);
      // Deleted from History: the extraction goes with its thread (another person's: 404).
      const other = await h.signIn("extract-thread-other@nexus.test");
      const path = `/api/threads/${started.id}`;
      expect((await h.request(path, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
      expect((await h.request(path, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
      expect(
        (await h.request(`/api/extractions/${started.id}`, { cookie: owner.cookie })).status,
      ).toBe(404);
    } finally {
      held.clear();
    }
  });

  it("resumes after its instance stops: rows done are not read again", {
    timeout: 40_000,
  }, async () => {
    held.add("bug1997343.pdf");
    const asked = (doc: string) => llm.requests.filter((r) => docOf(r) === doc).length;
    const started = (await (await start(owner.cookie)).json()) as ExtractionItem;
    const midway = await until(
      h,
      owner.cookie,
      started.id,
      (i) => i.rows.filter((r) => r.status === "done").length === 2,
    );
    expect(midway.rows.find((r) => r.source.label === "bug1997343.pdf")?.status).toBe("pending");
    const before = new Map(DOCS.map((d) => [d, asked(d)]));
    // The instance stops (main.ts's shutdown): its step in flight is aborted and left for another.
    runtime.lifecycle.draining = true;
    runtime.lifecycle.jobsStopping = true;
    await runtime.jobs.stop(10_000);
    held.clear();
    runtime = await startRuntime();
    const after = await until(h, owner.cookie, started.id, ended, 30_000);
    expect(after.status).toBe("succeeded");
    expect(after.rows.map((r) => r.status)).toEqual(["done", "done", "done"]);
    // The two rows done before the stop were not read again; the pending one was.
    expect(asked("tracemonkey.pdf")).toBe(before.get("tracemonkey.pdf"));
    expect(asked("file_pdfjs_test.pdf")).toBe(before.get("file_pdfjs_test.pdf"));
    expect(asked("bug1997343.pdf")).toBeGreaterThan(before.get("bug1997343.pdf") ?? 0);
    expect(cellOf(after, "bug1997343.pdf", "title")).toMatchObject({ mark: "exact" });
    expect(await unitsUsed(owner.cookie)).toBe(4);
  });
});

describe("the agent quota", () => {
  it("starts at most the quota of 10 parallel runs; a proposal past it is refused", {
    timeout: 30_000,
  }, async () => {
    const person = await h.signIn("extract-parallel@nexus.test");
    const res = await upload(h, person.cookie, "notes.txt", "Sample size: 40 people.");
    const { id } = (await res.json()) as { id: string };
    await untilDone(h, person.cookie, id);
    const body = { fields: FIELDS, sources: [{ kind: "file", fileId: id }] };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.request("/api/extractions", { method: "POST", cookie: person.cookie, body }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(AGENT_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - AGENT_LIMIT);
    const list = (await (
      await h.request("/api/extractions", { cookie: person.cookie })
    ).json()) as {
      items: Array<{ id: string }>;
    };
    expect(list.items).toHaveLength(AGENT_LIMIT);
    for (const x of list.items) await until(h, person.cookie, x.id, ended);
    // Every run filled its row: all kept; a proposal past the quota is refused before the model.
    expect(await unitsUsed(person.cookie)).toBe(AGENT_LIMIT);
    const calls = llm.requests.length;
    const proposal = await h.request("/api/extractions/propose", {
      method: "POST",
      cookie: person.cookie,
      body: { description: "For each paper: title and sample size" },
    });
    expect(proposal.status).toBe(429);
    expect(llm.requests.length).toBe(calls);
  });

  it("proposes fields from a description (keys made, duplicates dropped), and refuses bad input", async () => {
    const person = await h.signIn("extract-propose@nexus.test");
    const res = await h.request("/api/extractions/propose", {
      method: "POST",
      cookie: person.cookie,
      body: { description: "For each paper: title and sample size" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ key: "title", type: "text", required: true }),
      expect.objectContaining({ key: "sample_size", type: "number" }),
    ]);
    const bad = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body: { fields: [{ key: "Bad Key", name: "x", type: "text" }], sources: [] },
    });
    expect(bad.status).toBe(400);
    const foreign = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body: { fields: FIELDS, sources: [{ kind: "file", fileId: fileIds.get("tracemonkey.pdf") }] },
    });
    expect(foreign.status).toBe(404);
    const list = (await (
      await h.request("/api/extractions", { cookie: person.cookie })
    ).json()) as {
      items: unknown[];
    };
    expect(list.items).toEqual([]);
    expect(await unitsUsed(person.cookie)).toBe(0);
  });
});

describe("a web search as a source", () => {
  it("reads its first result pages, a row each labelled with its title; none configured: 409", {
    timeout: 20_000,
  }, async () => {
    const person = await h.signIn("extract-search@nexus.test");
    const search = { kind: "search", query: "survey participants", count: 2 };
    const body = { title: "Surveys", fields: FIELDS, sources: [search] };
    // Bad input changes nothing: a count outside 1–10.
    for (const count of [0, 11]) {
      const bad = await h.request("/api/extractions", {
        method: "POST",
        cookie: person.cookie,
        body: { ...body, sources: [{ ...search, count }] },
      });
      expect(bad.status).toBe(400);
    }
    // A server with no web search provider says what to configure, and charges nothing.
    const local = createApp({ ...h.deps, env: { ...h.deps.env, SEARCH_PROVIDER: "local" } });
    const refused = await local.request(`${APP_URL}/api/extractions`, {
      method: "POST",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("SEARCH_PROVIDER");
    expect(await unitsUsed(person.cookie)).toBe(0);

    const res = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const started = (await res.json()) as ExtractionItem;
    expect(started.rows.map((r) => r.source.label)).toEqual(["Survey alpha", "Survey beta"]);
    const item = await until(h, person.cookie, started.id, ended);
    expect(item.rows.map((r) => r.status)).toEqual(["done", "done"]);
    expect(item.rows[1]?.source).toMatchObject({
      kind: "url",
      url: `${pages.origin("beta")}/report/beta`,
    });
    expect(item.rows[0]?.cells.title).toMatchObject({ value: "42 participants", mark: "exact" });
    expect(pages.hits.sort()).toEqual(["alpha", "beta"]);
    expect(await unitsUsed(person.cookie)).toBe(1);
  });
});

describe("without a language model", () => {
  it("starts, proposes, re-runs and adds a field to nothing: 409 needs_model, nothing charged", async () => {
    // The same server and database with no model configured (as a fresh install runs).
    const models = createModelRegistry({
      env: { ...h.deps.env, LLM_BASE_URL: undefined, LLM_MODEL: undefined },
      logger: h.deps.logger,
    });
    const offline = createApp({ ...h.deps, models });
    const send = (path: string, body: unknown) =>
      offline.request(`${APP_URL}${path}`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const units = await unitsUsed(owner.cookie);
    const asked = llm.requests.length;
    const listed = (await (
      await h.request("/api/extractions", { cookie: owner.cookie })
    ).json()) as {
      items: Array<{ id: string }>;
    };
    const id = listed.items[0]?.id ?? "";
    const sources = [{ kind: "file", fileId: fileIds.get("tracemonkey.pdf") }];
    for (const [path, body] of [
      ["/api/extractions", { fields: FIELDS, sources }],
      ["/api/extractions/propose", { description: "For each paper: title and year" }],
      [`/api/extractions/${id}/rerun`, { field: "title" }],
      [`/api/extractions/${id}/fields`, { field: { key: "year", name: "Year", type: "number" } }],
    ] as const) {
      const res = await send(path, body);
      expect(res.status, path).toBe(409);
      const error = (await res.json()) as { code?: string; error?: { code?: string } };
      expect(JSON.stringify(error), path).toContain("needs_model");
    }
    expect(await unitsUsed(owner.cookie)).toBe(units);
    expect(llm.requests.length).toBe(asked);
  });
});
