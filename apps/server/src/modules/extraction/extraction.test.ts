import type { ExtractionItem } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { fixture } from "../../../test/documents/fixtures.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { type JobRuntime, startJobRuntime } from "../../jobs/runtime.ts";
import { tableOf } from "./extraction.export.ts";
import { bulkDeleteCases, itemCases, reorderedItemCases } from "./extraction-item-cases.ts";
import {
  addFieldCase,
  documentExportCase,
  type ExtractionWorld,
  offlineCase,
  quotaCases,
  searchCase,
  threadCase,
} from "./extraction-test-cases.ts";
import {
  answerFor,
  docOf,
  ended,
  FIELDS,
  PAGE_HOST,
  parseCsv,
  parseXlsx,
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

/** What the cases in extraction-test-cases.ts read, when they run. */
const world: ExtractionWorld = {
  get h() {
    return h;
  },
  get llm() {
    return llm;
  },
  get owner() {
    return owner;
  },
  get pages() {
    return pages;
  },
  fileIds,
  agentLimit: AGENT_LIMIT,
  unitsUsed: (cookie) => unitsUsed(cookie),
};

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

  threadCase(world, () => item);

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
    // A row per source has no item column (a row per item: extraction-item-cases.ts).
    expect(table.header.slice(0, 2)).toEqual(["source", "status"]);
    const bad = await h.request(`/api/extractions/${item.id}/export?format=zip`, {
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });

  documentExportCase(world, () => item);

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
  addFieldCase(world, () => item);
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
  quotaCases(world);
});

describe("a web search as a source", () => {
  searchCase(world);
});

describe("a row per item found", () => {
  itemCases(world);
  reorderedItemCases(world);
  bulkDeleteCases(world, held);
});

describe("without a language model", () => {
  offlineCase(world);
});
