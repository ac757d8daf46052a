import {
  EXTRACTION_ITEMS_PER_SOURCE,
  type ExtractionItem,
  threadsDeleteRunning,
} from "@nexus/contracts";
import { expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { ITEM_NOT_MATCHED_NOTE, NOTHING_FOUND_NOTE } from "./extraction.fill-items.ts";
import type { ExtractionWorld } from "./extraction-test-cases.ts";
import {
  ended,
  ITEM_FIELDS,
  ITEM_FILES,
  parseCsv,
  parseXlsx,
  promptText,
  sleep,
  until,
} from "./extraction-test-kit.ts";

/**
 * A row per item found ("every trial mentioned: name, phase, sample size"), in extraction.test.ts's
 * server and database: three items of one source are three rows with checked quotes, a source
 * with none is one row whose every field is not found, a source listing more than 64 keeps 64;
 * a row re-run reads its source again (only it), an edit kept. And History's bulk delete, which
 * refuses a running extraction as it refuses a running research, while a delete of it alone works.
 */

async function uploaded(w: ExtractionWorld, cookie: string, name: string): Promise<string> {
  const res = await upload(w.h, cookie, name, ITEM_FILES[name] ?? "", "text/plain");
  const { id } = (await res.json()) as { id: string };
  await untilDone(w.h, cookie, id);
  return id;
}

const askedFor = (w: ExtractionWorld, file: string, from: number) =>
  w.llm.requests.slice(from).filter((r) => promptText(r).includes(`Title: ${file}`)).length;

export function itemCases(w: ExtractionWorld): void {
  it("fills a row per item: three items three rows, none one 'not found' row, 64 at most", {
    timeout: 30_000,
  }, async () => {
    const { h } = w;
    const person = await h.signIn("extract-items@nexus.test");
    const files = ["trials.txt", "no-trials.txt", "many-trials.txt"];
    const ids = await Promise.all(files.map((f) => uploaded(w, person.cookie, f)));
    // The proposal for "every …" asks for a row per item; "for each paper" stays per source.
    const proposal = async (description: string) =>
      (await (
        await h.request("/api/extractions/propose", {
          method: "POST",
          cookie: person.cookie,
          body: { description },
        })
      ).json()) as { rowMode: string };
    expect((await proposal("Every clinical trial mentioned: name, phase")).rowMode).toBe(
      "per_item",
    );
    expect((await proposal("For each paper: title and sample size")).rowMode).toBe("per_source");
    const body = {
      title: "Trials",
      fields: ITEM_FIELDS,
      rowMode: "per_item",
      sources: ids.map((fileId) => ({ kind: "file", fileId })),
    };
    const bad = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body: { ...body, rowMode: "per_row" },
    });
    expect(bad.status).toBe(400);
    const res = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const started = (await res.json()) as ExtractionItem;
    expect(started.rowMode).toBe("per_item");
    // A pending row per source until it is read, numbered source × 64.
    expect(started.rows.map((r) => [r.index, r.source.item])).toEqual([
      [0, 0],
      [64, 0],
      [128, 0],
    ]);
    const item = await until(h, person.cookie, started.id, ended);
    expect(item.status).toBe("succeeded");
    const of = (file: string) => item.rows.filter((r) => r.source.label === file);
    const trials = of("trials.txt");
    expect(trials.map((r) => [r.index, r.source.item, r.status])).toEqual([
      [0, 0, "done"],
      [1, 1, "done"],
      [2, 2, "done"],
    ]);
    expect(trials.map((r) => [r.cells.name?.value, r.cells.sample_size?.value])).toEqual([
      ["ALPHA", 120],
      ["BETA", 450],
      ["GAMMA", 24],
    ]);
    // Each item's quotes checked against the file and placed in its text, like a source's row.
    const text = ITEM_FILES["trials.txt"] ?? "";
    const beta = trials[1]?.cells.sample_size;
    expect(beta).toMatchObject({ mark: "exact", quote: "enrolled 450 patients" });
    expect(text.slice(beta?.place?.start, beta?.place?.end)).toBe("enrolled 450 patients");
    expect(trials[2]?.cells.phase).toMatchObject({ value: "phase 1", mark: "unverified" });
    // A source that lists no item: one row, every field not found, and why.
    const none = of("no-trials.txt");
    expect(none.map((r) => [r.index, r.status])).toEqual([[64, "done"]]);
    for (const f of ITEM_FIELDS)
      expect(none[0]?.cells[f.key]).toMatchObject({
        value: null,
        mark: "not_found",
        note: NOTHING_FOUND_NOTE,
      });
    // 70 items listed, 64 kept (the screen says so from the last item's index).
    const many = of("many-trials.txt");
    expect(many).toHaveLength(EXTRACTION_ITEMS_PER_SOURCE);
    expect(many.at(-1)).toMatchObject({ index: 128 + 63, source: { item: 63 } });
    expect(many.at(-1)?.cells.name).toMatchObject({ value: "T64", mark: "exact" });
    expect(many[0]?.cells.phase).toMatchObject({ mark: "not_found" });
    // Listed with its rows (not its sources) as the total.
    const listed = (await (
      await h.request("/api/extractions", { cookie: person.cookie })
    ).json()) as { items: Array<{ id: string; rowsDone: number; rowCount: number }> };
    expect(listed.items[0]).toMatchObject({ id: item.id, rowsDone: 68, rowCount: 68 });
    expect(item).toMatchObject({ rowsDone: 68, rowCount: 68, sourceCount: 3 });
    // Exports list every row.
    const csv = await h.request(`/api/extractions/${item.id}/export?format=csv`, {
      cookie: person.cookie,
    });
    const csvRows = parseCsv(await csv.text());
    expect(csvRows).toHaveLength(1 + 3 + 1 + 64);
    // Each row names its item (counted from 1) beside its source, in CSV and XLSX alike.
    expect(csvRows[0]?.slice(0, 4)).toEqual(["source", "item", "status", "name"]);
    expect(csvRows.slice(1, 4).map((r) => r.slice(0, 4))).toEqual([
      ["trials.txt", "1", "done", "ALPHA"],
      ["trials.txt", "2", "done", "BETA"],
      ["trials.txt", "3", "done", "GAMMA"],
    ]);
    expect(csvRows.at(-1)?.slice(0, 2)).toEqual(["many-trials.txt", "64"]);
    const xlsx = await h.request(`/api/extractions/${item.id}/export?format=xlsx`, {
      cookie: person.cookie,
    });
    const sheet = parseXlsx(new Uint8Array(await xlsx.arrayBuffer()));
    expect(sheet[0]?.slice(0, 4)).toEqual(["source", "item", "status", "name"]);
    expect(sheet.slice(1, 4).map((r) => r.slice(0, 4))).toEqual([
      ["trials.txt", 1, "done", "ALPHA"],
      ["trials.txt", 2, "done", "BETA"],
      ["trials.txt", 3, "done", "GAMMA"],
    ]);
    expect(sheet[4]?.slice(0, 2)).toEqual(["no-trials.txt", 1]);
    const md = await (
      await h.request(`/api/extractions/${item.id}/export?format=md`, { cookie: person.cookie })
    ).text();
    expect(md).toContain("| trials.txt #2 | BETA | phase 3 | 450 |");
    expect(md).toContain("## trials.txt #3");

    // An edit is kept; a row's re-run reads its source again (not the others), all its items.
    const edited = await h.request(`/api/extractions/${item.id}/rows/2/cells/phase`, {
      method: "PATCH",
      cookie: person.cookie,
      body: { value: "phase 1b" },
    });
    expect(edited.status).toBe(200);
    const asked = w.llm.requests.length;
    const rerun = await h.request(`/api/extractions/${item.id}/rerun`, {
      method: "POST",
      cookie: person.cookie,
      body: { row: 1 },
    });
    expect(rerun.status).toBe(202);
    const after = await until(h, person.cookie, item.id, ended);
    // A row that does not exist (past a source's items): 400, nothing started.
    const missing = await h.request(`/api/extractions/${item.id}/rerun`, {
      method: "POST",
      cookie: person.cookie,
      body: { row: 3 },
    });
    expect(missing.status).toBe(400);
    expect(after.status).toBe("succeeded");
    expect(askedFor(w, "trials.txt", asked)).toBe(1);
    expect(askedFor(w, "many-trials.txt", asked)).toBe(0);
    expect(after.rows).toHaveLength(item.rows.length);
    expect(after.rows[2]?.cells.phase).toMatchObject({ value: "phase 1b", edited: true });
    expect(after.rows[1]?.cells).toEqual(item.rows[1]?.cells);
  });
}

export function reorderedItemCases(w: ExtractionWorld): void {
  it("matches a column re-run's and a new field's items to their rows by identity, not by order", {
    timeout: 30_000,
  }, async () => {
    const { h } = w;
    const person = await h.signIn("extract-reordered@nexus.test");
    const fileId = await uploaded(w, person.cookie, "reordered-trials.txt");
    const res = await h.request("/api/extractions", {
      method: "POST",
      cookie: person.cookie,
      body: {
        title: "Reordered trials",
        fields: ITEM_FIELDS,
        rowMode: "per_item",
        sources: [{ kind: "file", fileId }],
      },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as ExtractionItem;
    const text = ITEM_FILES["reordered-trials.txt"] ?? "";
    const table = async () => {
      const item = await until(h, person.cookie, id, ended);
      expect(item.status).toBe("succeeded");
      return item.rows;
    };
    const sizes = (rows: ExtractionItem["rows"]) =>
      rows.map((r) => [r.index, r.cells.name?.value, r.cells.sample_size?.value]);
    const first = await table();
    expect(sizes(first)).toEqual([
      [0, "ALPHA", 120],
      [1, "BETA", 450],
      [2, "GAMMA", 24],
    ]);

    // The column read again: the model lists GAMMA, BETA, ALPHA; each value lands on its item.
    const rerun = await h.request(`/api/extractions/${id}/rerun`, {
      method: "POST",
      cookie: person.cookie,
      body: { field: "sample_size" },
    });
    expect(rerun.status).toBe(202);
    const second = await table();
    expect(sizes(second)).toEqual(sizes(first));
    for (const row of second) {
      const cell = row.cells.sample_size;
      expect(cell).toMatchObject({ mark: "exact", quote: `enrolled ${cell?.value} patients` });
      // Its quote is placed on the item's own line of the file.
      const line = text.slice(0, cell?.place?.start).split("\n").length - 1;
      expect(text.split("\n")[line]).toContain(`The ${row.cells.name?.value} trial`);
    }

    // A field added: read in the reversed order again, each registry number on its own trial.
    const added = await h.request(`/api/extractions/${id}/fields`, {
      method: "POST",
      cookie: person.cookie,
      body: { field: { key: "registry", name: "Registry", type: "text" } },
    });
    expect(added.status).toBe(202);
    const third = await table();
    expect(third.map((r) => [r.cells.name?.value, r.cells.registry?.value])).toEqual([
      ["ALPHA", "NCT-101"],
      ["BETA", "NCT-202"],
      ["GAMMA", "NCT-303"],
    ]);

    // Read again with GAMMA no longer listed and an item no row is: GAMMA's row says it was not
    // found again (no other item's value), the others keep their own.
    const again = await h.request(`/api/extractions/${id}/rerun`, {
      method: "POST",
      cookie: person.cookie,
      body: { field: "registry" },
    });
    expect(again.status).toBe(202);
    const fourth = await table();
    expect(fourth.map((r) => [r.cells.name?.value, r.cells.registry?.value])).toEqual([
      ["ALPHA", "NCT-101"],
      ["BETA", "NCT-202"],
      ["GAMMA", null],
    ]);
    expect(fourth[2]?.cells.registry).toMatchObject({
      mark: "not_found",
      note: ITEM_NOT_MATCHED_NOTE,
    });
    expect(JSON.stringify(fourth)).not.toContain("NCT-999");
    // The other columns are as they were.
    expect(fourth.map((r) => r.cells.sample_size)).toEqual(second.map((r) => r.cells.sample_size));
  });
}

export function bulkDeleteCases(w: ExtractionWorld, held: Set<string>): void {
  it("is refused by History's bulk delete while it runs (nothing deleted); a delete of it alone works", {
    timeout: 30_000,
  }, async () => {
    const { h } = w;
    const person = await h.signIn("extract-bulk@nexus.test");
    const fileId = await uploaded(w, person.cookie, "trials.txt");
    const body = {
      title: "Running trials",
      fields: ITEM_FIELDS,
      rowMode: "per_item",
      sources: [{ kind: "file", fileId }],
    };
    const first = (await (
      await h.request("/api/extractions", { method: "POST", cookie: person.cookie, body })
    ).json()) as ExtractionItem;
    // Run once to its end: its thread has an entry in History (as a finished research has).
    await until(h, person.cookie, first.id, ended);
    type Page = { threads: Array<{ threadId: string; state?: string }> };
    const history = async () =>
      (await (await h.request("/api/history", { cookie: person.cookie })).json()) as Page;
    for (let i = 0; i < 50 && (await history()).threads.length === 0; i++) await sleep(50);
    held.add("trials.txt");
    try {
      const rerun = await h.request(`/api/extractions/${first.id}/rerun`, {
        method: "POST",
        cookie: person.cookie,
        body: { row: 0 },
      });
      expect(rerun.status).toBe(202);
      await until(h, person.cookie, first.id, (i) => i.status === "running");
      expect((await history()).threads[0]).toMatchObject({
        threadId: first.id,
        state: "running",
      });
      const bulk = await h.request("/api/threads/bulk-delete", {
        method: "POST",
        cookie: person.cookie,
        body: { threadIds: [first.id] },
      });
      expect(bulk.status).toBe(409);
      expect(((await bulk.json()) as { error: { message: string } }).error.message).toBe(
        threadsDeleteRunning("Running trials"),
      );
      const still = await h.request(`/api/extractions/${first.id}`, { cookie: person.cookie });
      expect(still.status).toBe(200);
      expect((await history()).threads.map((t) => t.threadId)).toEqual([first.id]);
      // Another person's bulk delete of it: the same 404 as a thread that does not exist.
      const other = await h.signIn("extract-bulk-other@nexus.test");
      const foreign = await h.request("/api/threads/bulk-delete", {
        method: "POST",
        cookie: other.cookie,
        body: { threadIds: [first.id] },
      });
      expect(foreign.status).toBe(404);
      // Deleted on its own, it is stopped and goes, with its thread.
      const single = await h.request(`/api/threads/${first.id}`, {
        method: "DELETE",
        cookie: person.cookie,
      });
      expect(single.status).toBe(204);
      expect(
        (await h.request(`/api/extractions/${first.id}`, { cookie: person.cookie })).status,
      ).toBe(404);
      expect((await history()).threads).toEqual([]);
    } finally {
      held.delete("trials.txt");
    }
  });
}
