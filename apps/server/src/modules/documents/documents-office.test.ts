import fs from "node:fs";
import {
  type DocumentCitation,
  type DocumentText,
  documentTextSchema,
  rowsOfRange,
} from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datesWorkbook } from "../../../../../e2e/support/office-files.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";

/**
 * Office views through the API (issue 41, scope 2): a workbook's page views come with its text
 * (stored beside the file at ingestion, never parsed again), a passage of a sheet is labelled by
 * its rows ("Sheet 1, rows 2–14"), and so is a document chat citation of it. The workbook is the
 * one the E2E specs make (e2e/support/office-files.ts): dates stored as Excel serial numbers.
 */

let h: Harness;
let alice: { cookie: string; userId: string };
/** The EPUB and PPTX are Bob's (Alice's files are all deleted by the last case). */
let bob: { cookie: string; userId: string };
let id: string;
let epubId: string;
let pptxId: string;
const FIXTURES = "/work/shared/fixtures/documents/";

async function uploadReady(name: string, bytes: Uint8Array): Promise<string> {
  const res = await upload(h, bob.cookie, name, bytes);
  expect(res.status).toBe(201);
  const { id: fileId } = (await res.json()) as { id: string };
  const events = await untilDone(h, bob.cookie, fileId);
  expect(events.at(-1)?.data.type).toBe("ready");
  return fileId;
}

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-office@acme.com");
  bob = await h.signIn("bob-office@acme.com");
  const res = await upload(h, alice.cookie, "sales.xlsx", new Uint8Array(datesWorkbook(60)));
  expect(res.status).toBe(201);
  ({ id } = (await res.json()) as { id: string });
  const events = await untilDone(h, alice.cookie, id);
  expect(events.at(-1)?.data.type).toBe("ready");
  [epubId, pptxId] = await Promise.all([
    uploadReady("testEPUB.epub", new Uint8Array(fs.readFileSync(`${FIXTURES}testEPUB.epub`))),
    uploadReady(
      "testPPT_various.pptx",
      new Uint8Array(fs.readFileSync(`${FIXTURES}testPPT_various.pptx`)),
    ),
  ]);
}, 120_000);
afterAll(async () => {
  await h.close();
});

async function text(fileId = id, cookie = alice.cookie): Promise<DocumentText> {
  const res = await h.request(`/api/documents/${fileId}/text`, { cookie });
  expect(res.status).toBe(200);
  return documentTextSchema.parse(await res.json());
}

describe("a workbook through /api/documents", () => {
  it("gives each sheet's grid with its text: dates as dates, rows as the file numbers them", async () => {
    const doc = await text();
    expect(doc.pages.map((p) => p.label)).toEqual(["Sheet 1", "Sheet 2"]);
    const view = doc.pages[0]?.view;
    if (view?.type !== "sheet") throw new Error("no grid");
    expect(view.name).toBe("Sales");
    expect(view.rows).toHaveLength(61);
    expect(view.rows[1]?.c[0]).toEqual({ v: "1960-01-01", t: "d", n: 21916 });
    expect(doc.pages[0]?.text).not.toContain("21916");
    expect(doc.pages[1]?.view).toMatchObject({ type: "sheet", name: "Notes" });
  });

  it("labels a passage of a sheet by the rows it covers", async () => {
    const doc = await text();
    const page = doc.pages[0];
    const view = page?.view;
    if (!page || view?.type !== "sheet") throw new Error("no grid");
    for (const passage of page.passages) {
      const res = await h.request(`/api/documents/${id}/passages/${passage.ordinal}`, {
        cookie: alice.cookie,
      });
      const { label } = (await res.json()) as { label: string };
      const rows = rowsOfRange(view, passage.start, passage.end);
      if (!rows) expect(label).toBe("Sheet 1");
      else
        expect(label).toBe(
          rows[0] === rows[1] ? `Sheet 1, row ${rows[0]}` : `Sheet 1, rows ${rows[0]}–${rows[1]}`,
        );
    }
    expect(page.passages.length).toBeGreaterThan(1);
  });

  it("labels a chat citation of the sheet by its rows, never by a cell's text", async () => {
    const res = await h.request(`/api/documents/${id}/chat`, {
      method: "POST",
      cookie: alice.cookie,
      body: { text: "What was the amount on 1960-01-05?" },
    });
    expect(res.status).toBe(200);
    const chunks = parseStream(await res.text());
    const citations = (partOf(chunks, "data-citations")?.data ?? []) as DocumentCitation[];
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expect(c.label).toMatch(/^Sheet \d+(, rows? \d+(–\d+)?)?$/);
    expect(citations.some((c) => /, rows? \d/.test(c.label))).toBe(true);
  });

  it("an EPUB's citation, its passage link and its chapter say the same place: the chunk's heading", async () => {
    // The book's spine: a cover, a contents page, then chapter 1 (the third item, not "Chapter 3").
    const res = await h.request(`/api/documents/${epubId}/chat`, {
      method: "POST",
      cookie: bob.cookie,
      body: { text: "What is the text for chapter One?" },
    });
    expect(res.status).toBe(200);
    const citations = (partOf(parseStream(await res.text()), "data-citations")?.data ??
      []) as DocumentCitation[];
    const cited = citations.find((c) => c.quote?.includes("chapter One"));
    if (!cited) throw new Error(`no citation of chapter One: ${JSON.stringify(citations)}`);
    expect(cited.label).toBe("Chapter 1");
    const passage = await h.request(`/api/documents/${epubId}/passages/${cited.ordinal}`, {
      cookie: bob.cookie,
    });
    const located = (await passage.json()) as { label: string; page: number };
    expect(located.label).toBe("Chapter 1");
    const doc = await text(epubId, bob.cookie);
    const chapter = doc.pages.find((p) => p.page === located.page);
    expect(located.page).toBe(3);
    expect(chapter?.label).toBe("Chapter 1");
    expect(doc.pages.map((p) => p.label)).not.toContain("Chapter 3");
  });

  it("a slide's passage link keeps its slide label", async () => {
    const doc = await text(pptxId, bob.cookie);
    const first = doc.pages[0]?.passages[0];
    if (!first) throw new Error("no passage");
    const res = await h.request(`/api/documents/${pptxId}/passages/${first.ordinal}`, {
      cookie: bob.cookie,
    });
    expect(((await res.json()) as { label: string }).label).toBe("Slide 1");
  });

  it("removes the stored views with the file", async () => {
    const keys = async () => h.deps.storage.list(`u/${alice.userId}`);
    expect((await keys()).some((k) => k.endsWith("-view"))).toBe(true);
    const res = await h.request(`/api/files/${id}`, { method: "DELETE", cookie: alice.cookie });
    expect(res.status).toBeLessThan(300);
    expect(await keys()).toEqual([]);
  });
});
