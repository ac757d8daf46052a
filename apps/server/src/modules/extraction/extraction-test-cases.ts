import { EXPORT_WORDS, type ExtractionItem } from "@nexus/contracts";
import mammoth from "mammoth";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expect, it } from "vitest";
import type { FakeOpenAIServer } from "../../../../../e2e/fakes/openai-server.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { APP_URL, type Harness } from "../../../test/harness.ts";
import { createModelRegistry } from "../../ai/models.ts";
import { createApp } from "../../app.ts";
import {
  ended,
  FIELDS,
  promptText,
  sleep,
  type startStandInPages,
  until,
} from "./extraction-test-kit.ts";

/**
 * Cases of extraction.test.ts kept here (its one server and database, its file under 400 lines):
 * an extraction as a thread, a field added from the screen, a web search as a source, and what
 * nothing is charged for without a model. `w` reads the test file's world when a case runs.
 */
export interface ExtractionWorld {
  readonly h: Harness;
  readonly llm: FakeOpenAIServer;
  readonly owner: { cookie: string; userId: string };
  readonly pages: Awaited<ReturnType<typeof startStandInPages>>;
  readonly fileIds: ReadonlyMap<string, string>;
  /** The agent units a free account has in the test's server. */
  readonly agentLimit: number;
  unitsUsed(cookie: string): Promise<number>;
}

const cellOf = (item: ExtractionItem, doc: string, key: string) =>
  item.rows.find((r) => r.source.label === doc)?.cells[key];

export function threadCase(w: ExtractionWorld, current: () => ExtractionItem): void {
  it("is a thread: listed in History with its label, opened at its table, read back summarised", async () => {
    const { h, owner } = w;
    type Page = { threads: Array<Record<string, unknown>> };
    const history = async () =>
      (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as Page;
    // Its entry is saved by the run's ending hook, just after its status is written.
    let page = await history();
    for (let i = 0; i < 50 && page.threads.length === 0; i++) page = await sleep(50).then(history);
    expect(page.threads).toEqual([
      expect.objectContaining({
        threadId: current().id,
        title: "Papers",
        kind: "extraction",
        label: "Extraction",
        badge: "Extraction",
        icon: "table",
        href: `/app/agents/structured-information-extraction/${current().id}`,
      }),
    ]);
    expect(page.threads[0]?.state).toBeUndefined();
    const res = await h.request(`/api/threads/${current().id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const thread = (await res.json()) as {
      kind: string;
      subject: { id: string; name: string };
      messages: Array<{ role: string; parts: Array<{ text?: string }> }>;
    };
    expect(thread.kind).toBe("extraction");
    expect(thread.subject).toEqual({ id: current().id, name: "Papers" });
    const summary = thread.messages[1]?.parts[0]?.text ?? "";
    expect(summary).toContain("| Source | Title | Pages | First heading |");
    expect(summary).toContain("| bug1997343.pdf | A Two Column Example | 2 | — |");
    const other = await h.signIn("extract-thread-other@nexus.test");
    expect((await h.request(`/api/threads/${current().id}`, { cookie: other.cookie })).status).toBe(
      404,
    );
  });
}

export function addFieldCase(w: ExtractionWorld, current: () => ExtractionItem): void {
  it("adds a field from the screen and fills only it, the cells there untouched, charged like a re-run", {
    timeout: 20_000,
  }, async () => {
    const { h, llm, owner, unitsUsed } = w;
    const before = await until(h, owner.cookie, current().id, ended);
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
}

export function searchCase(w: ExtractionWorld): void {
  it("reads its first result pages, a row each labelled with its title; none configured: 409", {
    timeout: 20_000,
  }, async () => {
    const { h, pages, unitsUsed } = w;
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
}

export function offlineCase(w: ExtractionWorld): void {
  it("starts, proposes, re-runs and adds a field to nothing: 409 needs_model, nothing charged", async () => {
    const { h, llm, owner, fileIds, unitsUsed } = w;
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
}

export function quotaCases(w: ExtractionWorld): void {
  it("starts at most the quota of 10 parallel runs; a proposal past it is refused", {
    timeout: 30_000,
  }, async () => {
    const { h, llm, unitsUsed, agentLimit: AGENT_LIMIT } = w;
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
    const { h, fileIds, unitsUsed } = w;
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
}

/** An extraction as a document: its values with their quotes, in Markdown, Word and PDF. */
export function documentExportCase(w: ExtractionWorld, current: () => ExtractionItem): void {
  it("exports Markdown, Word and PDF documents with each value's quote, mark and page", async () => {
    const { h, owner } = w;
    const item = current();
    const exported = (format: string, headers: Record<string, string> = {}) =>
      h.request(`/api/extractions/${item.id}/export?format=${format}`, {
        cookie: owner.cookie,
        headers,
      });
    const cells = item.rows.flatMap((r) => Object.values(r.cells));
    const quoted = cells.find((c) => c.mark === "exact" && c.quote && c.place?.page);
    if (!quoted?.quote) throw new Error("no verified cell with a quote");
    const docs = item.rows.map((r) => r.source.label);
    const md = await (await exported("md")).text();
    // The table of values, then per source each value with its place, mark and quote.
    expect(md).toContain(`| Source | ${FIELDS.map((f) => f.name).join(" | ")} |`);
    for (const doc of docs) expect(md).toContain(`## ${doc.replace(/_/g, "\\_")}`);
    expect(md).toContain(
      `${EXPORT_WORDS.en.page(quoted.place?.page ?? 0)} · ${EXPORT_WORDS.en.verified}`,
    );
    expect(md).toContain(`> ${quoted.quote.replace(/\s+/g, " ").trim().slice(0, 20)}`);
    // The export's own words follow the browser's language; the values stay as found.
    const fr = await (await exported("md", { "accept-language": "fr-FR,fr;q=0.9" })).text();
    expect(fr).toContain(`| ${EXPORT_WORDS.fr.extraction.source} |`);
    expect(fr).toContain(EXPORT_WORDS.fr.verified);
    const docx = await exported("docx");
    expect(docx.headers.get("content-disposition")).toContain("Papers.docx");
    const { value: html } = await mammoth.convertToHtml({
      buffer: Buffer.from(await docx.arrayBuffer()),
    });
    expect(html).toContain("<table>");
    for (const doc of docs) expect(html).toContain(doc);
    const pdf = await getDocument({
      data: new Uint8Array(await (await exported("pdf")).arrayBuffer()),
      verbosity: 0,
    }).promise;
    let text = "";
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += `${content.items.map((c) => ("str" in c ? c.str : "")).join(" ")} `;
    }
    await pdf.destroy();
    expect(text.replace(/\s+/g, " ")).toContain(EXPORT_WORDS.en.verified);
    expect(text).toContain("tracemonkey.pdf");
  });
}
