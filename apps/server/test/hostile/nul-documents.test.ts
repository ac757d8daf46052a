import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesCorpus } from "../../src/integrations/search/files-corpus.ts";
import { queryWords } from "../../src/lib/text-tokens.ts";
import { untilDone, upload } from "../files-kit.ts";
import { createHarness, type Harness } from "../harness.ts";
import { AFTER_NUL, BEFORE_NUL, NUL_DOCUMENTS } from "./nul-documents.ts";

/**
 * Issue 23, point 1: a document whose text holds U+0000 or a lone surrogate (DOCX, XLSX, PPTX,
 * ODT) made the chunk insert fail (SQLSTATE 22021); pg-boss then failed to store that error and
 * the process died. Each now ends ready through the real upload route, with clean, searchable text.
 */

let h: Harness;
let alice: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-nul@acme.com");
});
afterAll(async () => {
  await h.close();
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udfff]/;

describe("documents holding NUL and lone surrogates", () => {
  it.each(NUL_DOCUMENTS)("$name ends ready with clean, searchable text", async (document) => {
    const res = await upload(h, alice.cookie, document.name, document.make(), document.type);
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: string; kind: string };
    expect(file.kind).toBe(document.kind);
    const events = await untilDone(h, alice.cookie, file.id);
    expect(events.at(-1)?.data.type).toBe("ready");

    const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, file.id));
    expect(row?.status).toBe("ready");
    expect(JSON.stringify(row?.warnings ?? [])).not.toMatch(/\\u0000/);
    const chunks = await h.db.db
      .select()
      .from(schema.fileChunks)
      .where(eq(schema.fileChunks.fileId, file.id));
    expect(chunks.length).toBeGreaterThan(0);
    const text = chunks.map((c) => c.content).join("\n");
    for (const chunk of chunks) {
      expect(chunk.content).not.toMatch(UNSTORABLE);
      expect(chunk.headingPath).not.toMatch(UNSTORABLE);
    }
    // The words on both sides of the NULs are kept, and a word split by one is whole again.
    expect(text).toContain(BEFORE_NUL);
    expect(text).toContain(AFTER_NUL);
    expect(`${text} ${chunks.map((c) => c.headingPath).join(" ")}`).toContain("Fresnel");

    const found = await createFilesCorpus({ db: h.db.db }).search({
      query: { text: AFTER_NUL, words: queryWords(AFTER_NUL) },
      limit: 5,
      userId: alice.userId,
      fileIds: [file.id],
      signal: AbortSignal.timeout(10_000),
    });
    expect(found.map((r) => r.content ?? r.snippet).join(" ")).toContain(AFTER_NUL);
  });

  it("left no job error with a NUL or a document's text in pg-boss, and the process is up", async () => {
    // The file row turns ready inside the handler; pg-boss records the job's end just after the
    // handler returns, so wait (bounded) for every job to leave 'created', 'retry' and 'active'.
    const jobs = () =>
      h.db.db.$client.query<{ state: string; output: unknown }>(
        "select state, output from pgboss.job where name = 'file-ingest'",
      );
    const deadline = Date.now() + 15_000;
    let { rows } = await jobs();
    while (
      rows.some((job) => ["created", "retry", "active"].includes(job.state)) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ rows } = await jobs());
    }
    expect(rows.length).toBe(NUL_DOCUMENTS.length);
    for (const job of rows) expect(job.state).toBe("completed");
    expect(JSON.stringify(rows)).not.toContain(BEFORE_NUL);
    expect(process.exitCode ?? 0).toBe(0);
  });
});
