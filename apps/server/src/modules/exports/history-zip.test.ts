import { type HistoryExportEntry, historyExportEntrySchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

/**
 * GET /api/history/export.zip (issue 42 scope 5): the caller's whole history as a ZIP of one
 * Markdown file per thread plus index.json, streamed a page of threads at a time; only the
 * caller's own threads; sign-in only.
 */

const THREADS = 1000;
let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("zip-owner@acme.com");
  other = await h.signIn("zip-other@acme.com");
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: THREADS }, (_, i) => {
    const threadId = `ZipThread${String(i).padStart(4, "0")}`;
    const turns = i % 10 === 0 ? 2 : 1;
    return Array.from({ length: turns }, (_, t) => ({
      id: `${threadId}-${t}`,
      userId: owner.userId,
      threadId,
      timestamp: new Date(start + (i * 2 + t) * 60_000),
      query: t === 0 ? `Question number ${i}?` : `Follow-up ${i}?`,
      results: {
        markdown: `Answer ${i}.${t} cites [1].`,
        sources: [
          {
            title: `Source ${i}`,
            url: `https://s.example/${i}`,
            domain: "s.example",
            favicon: null,
            snippet: "",
          },
        ],
        images: [],
        videos: [],
        thinking: "",
      },
    }));
  }).flat();
  await h.db.db.insert(schema.searchHistory).values(rows);
  await h.db.db.insert(schema.searchHistory).values({
    id: "ZipForeign-0",
    userId: other.userId,
    threadId: "ZipForeign",
    query: "The other person's secret question",
    results: { markdown: "Their answer.", sources: [], images: [], videos: [], thinking: "" },
  });
});
afterAll(async () => {
  await h.close();
});

async function readChunks(res: Response): Promise<Uint8Array[]> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no body");
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

describe("GET /api/history/export.zip", () => {
  it("streams 1,000 threads chunk by chunk: one Markdown file each and index.json", async () => {
    const res = await h.request("/api/history/export.zip", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain('filename="nexus-history.zip"');
    const chunks = await readChunks(res);
    // Read as it is made: many chunks, a file's compressed bytes at a time (the last ones are the
    // index and the ZIP's central directory, written at the end).
    expect(chunks.length).toBeGreaterThan(THREADS);
    const zip = concat(chunks);
    expect(Math.max(...chunks.slice(0, -4).map((c) => c.length))).toBeLessThan(zip.length / 100);
    const files = unzipSync(zip);
    const names = Object.keys(files);
    expect(names).toHaveLength(THREADS + 1);
    const index = historyExportEntrySchema
      .array()
      .parse(JSON.parse(strFromU8(files["index.json"] ?? new Uint8Array())));
    expect(index).toHaveLength(THREADS);
    expect(new Set(index.map((e) => e.file))).toEqual(
      new Set(names.filter((n) => n !== "index.json")),
    );
    const tenth = index.find((e) => e.id === "ZipThread0010") as HistoryExportEntry;
    expect(tenth).toMatchObject({
      kind: "answer",
      title: "Question number 10?",
      file: "Question-number-10-ZipThread0010.md",
      createdAt: "2026-01-01T00:20:00.000Z",
      updatedAt: "2026-01-01T00:21:00.000Z",
    });
    const md = strFromU8(files[tenth.file] ?? new Uint8Array());
    expect(md).toContain("## Question number 10?");
    expect(md).toContain("Answer 10.1 cites [^2].");
    expect(md).toContain("[^2]: [Source 10](<https://s.example/10>)");
    // Only the caller's threads.
    expect(new TextDecoder().decode(zip)).not.toContain("ZipForeign");
  });

  it("gives another user their own history only; anonymous callers are refused", async () => {
    const res = await h.request("/api/history/export.zip", { cookie: other.cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(concat(await readChunks(res)));
    expect(Object.keys(files).sort()).toEqual([
      "The-other-person-s-secret-question-ZipForeign.md",
      "index.json",
    ]);
    expect((await h.request("/api/history/export.zip")).status).toBe(401);
    const anon = await h.request("/api/history/export.zip", {
      anonId: "anon_1795000000000_aaaaaaaa",
    });
    expect(anon.status).toBe(401);
  });
});
