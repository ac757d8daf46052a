import { schema } from "@nexus/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  fakeEmbedding,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { bytesToVector } from "../../ai/embeddings.ts";
import { createModelRegistry } from "../../ai/models.ts";
import type { Deps } from "../../deps.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { startJobRuntime } from "../../jobs/runtime.ts";
import {
  EMBED_QUEUE,
  EMBEDDINGS_MISSING_WARNING,
  embeddingText,
  embedFile,
} from "./files.embed.ts";

const MODEL = "fake-embed";
const DIMENSIONS = 64;

/** ~100 passages of ~1,000 characters: more than one request of 64 inputs. */
const LONG = Array.from({ length: 160 }, (_, p) =>
  Array.from(
    { length: 9 },
    (_, s) => `Section ${p} sentence ${s} records tide ${p * 9 + s} at the northern pier gauge.`,
  ).join(" "),
).join("\n\n");

const GARAGE = [
  "Garage notes.",
  "Bring the car in for servicing before the first frost.",
  "The winter tyres are stored in the shed behind the garden.",
].join(" ");

async function chunksOf(h: Harness, fileId: string) {
  return h.db.db
    .select()
    .from(schema.fileChunks)
    .where(eq(schema.fileChunks.fileId, fileId))
    .orderBy(asc(schema.fileChunks.ordinal));
}

async function fileRow(h: Harness, fileId: string) {
  const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, fileId));
  if (!row) throw new Error("no file row");
  return row;
}

async function uploadReady(h: Harness, cookie: string, name: string, content: string) {
  const res = await upload(h, cookie, name, content);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(h, cookie, id);
  return { id, events };
}

describe("ingestion with EMBEDDING_MODEL", () => {
  let fake: FakeOpenAIServer;
  let h: Harness;
  let alice: { cookie: string; userId: string };
  beforeAll(async () => {
    fake = await startFakeOpenAIServer({ embeddingDimensions: DIMENSIONS });
    h = await createHarness(
      { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "chat", EMBEDDING_MODEL: MODEL },
      { jobs: true },
    );
    alice = await h.signIn("alice-embed@acme.com");
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("embeds every passage, 64 per request, as little-endian Float32, with an embedding step", async () => {
    const { id, events } = await uploadReady(h, alice.cookie, "tides.txt", LONG);
    const types = events.map((e) => e.data.type);
    expect(types[0]).toBe("uploaded");
    expect(types.at(-1)).toBe("ready");
    expect(types.indexOf("embedding")).toBeGreaterThan(types.indexOf("indexing"));
    expect(events.find((e) => e.data.type === "embedding")?.data.message).toMatch(
      /^Embedding \d+ passages$/,
    );
    const chunks = await chunksOf(h, id);
    expect(chunks.length).toBeGreaterThan(64);
    const requests = fake.embeddingRequests();
    const sizes = requests.map((r) => (r.body.input as string[]).length);
    expect(Math.max(...sizes)).toBe(64);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(chunks.length);
    expect(requests.every((r) => r.model === MODEL)).toBe(true);
    for (const chunk of chunks) {
      expect(chunk.embedding?.byteLength).toBe(DIMENSIONS * 4);
      const stored = bytesToVector(chunk.embedding ?? new Uint8Array());
      const expected = fakeEmbedding(embeddingText(chunk), DIMENSIONS);
      expect([...stored].map((x) => Math.round(x * 1e5))).toEqual(
        expected.map((x) => Math.round(x * 1e5)),
      );
    }
    const row = await fileRow(h, id);
    expect(row.status).toBe("ready");
    expect(row.embeddingModel).toBe(MODEL);
    expect(row.warnings).toEqual([]);
  });

  it("finds a file's passage by meaning in local search (no word in common)", async () => {
    const { id } = await uploadReady(h, alice.cookie, "garage.txt", GARAGE);
    const found = await h.deps.search.search({
      query: "automobile upkeep",
      userId: alice.userId,
    });
    const first = found.results.find((r) => r.source === "file");
    expect(first?.title).toBe("garage.txt, p. 1");
    expect(first?.url).toMatch(new RegExp(`^/app/document-chat/${id}\\?chunk=\\d+&page=1$`));
    const bob = await h.signIn("bob-embed@acme.com");
    const bobs = await h.deps.search.search({ query: "automobile upkeep", userId: bob.userId });
    expect(bobs.results.filter((r) => r.source === "file")).toEqual([]);
  });

  it("falls back to full-text in search when the query cannot be embedded", async () => {
    fake.failEmbeddings(500);
    const found = await h.deps.search.search({
      query: "winter tyres shed",
      userId: alice.userId,
    });
    expect(found.results[0]?.title).toBe("garage.txt, p. 1");
    expect(fake.embeddingRequests().length).toBeGreaterThan(0);
    expect(h.logs.join("")).toContain("search by meaning failed");
  });

  it("reads a file whose embeddings fail: ready, full-text only, said so, and filled by a later pass", async () => {
    fake.failEmbeddings(500);
    const logsBefore = h.logs.length;
    const { id, events } = await uploadReady(
      h,
      alice.cookie,
      "quay.txt",
      "The quay wall was rebuilt with granite blocks. The harbour physician sees sailors on Mondays.",
    );
    expect(events.map((e) => e.data.type).at(-1)).toBe("ready");
    expect(events.map((e) => e.data.message)).toContain(
      "Embeddings are missing: search by meaning will come later, search by words works",
    );
    expect(h.logs.slice(logsBefore).join("")).toContain("embeddings are missing for this file");
    const row = await fileRow(h, id);
    expect(row.status).toBe("ready");
    expect(row.embeddingModel).toBeNull();
    expect(row.warnings).toEqual([EMBEDDINGS_MISSING_WARNING]);
    const listed = (await (await h.request("/api/files", { cookie: alice.cookie })).json()) as {
      files: { id: string; warnings: string[] }[];
    };
    expect(listed.files.find((f) => f.id === id)?.warnings).toEqual([EMBEDDINGS_MISSING_WARNING]);
    expect((await chunksOf(h, id)).every((c) => c.embedding === null)).toBe(true);
    // Full-text works (the query embedding fails too: full-text alone answers).
    const byWords = await h.deps.search.search({ query: "granite quay", userId: alice.userId });
    expect(byWords.results[0]?.title).toBe("quay.txt, p. 1");
    // Recorded for a later pass: a file-embed job waits for it.
    const { rows: jobs } = await h.db.db.execute<{ state: string; later: boolean }>(sql`
      select state, start_after > now() + interval '60 seconds' as later from pgboss.job
      where name = ${EMBED_QUEUE} and singleton_key = ${id}`);
    expect(jobs).toEqual([{ state: "created", later: true }]);

    // The later pass (the job's handler) once the server answers again.
    fake.failEmbeddings(null);
    await embedFile(h.deps, { data: { fileId: id }, retryCount: 0, retryLimit: 3 });
    const filled = await fileRow(h, id);
    expect(filled.embeddingModel).toBe(MODEL);
    expect(filled.warnings).toEqual([]);
    expect((await chunksOf(h, id)).every((c) => c.embedding?.byteLength === DIMENSIONS * 4)).toBe(
      true,
    );
    const byMeaning = await h.deps.search.search({ query: "clinician", userId: alice.userId });
    expect(byMeaning.results.filter((r) => r.source === "file")[0]?.title).toBe("quay.txt, p. 1");
  });

  it("the later pass leaves a file untouched while the server still fails, and throws for a retry", async () => {
    fake.failEmbeddings(500);
    const { id } = await uploadReady(
      h,
      alice.cookie,
      "mooring.txt",
      "Mooring lines are checked daily.",
    );
    await expect(
      embedFile(h.deps, { data: { fileId: id }, retryCount: 0, retryLimit: 3 }),
    ).rejects.toThrow();
    // The last attempt gives up quietly: the file keeps full-text search and its warning.
    await embedFile(h.deps, { data: { fileId: id }, retryCount: 3, retryLimit: 3 });
    const row = await fileRow(h, id);
    expect(row.embeddingModel).toBeNull();
    expect(row.warnings).toEqual([EMBEDDINGS_MISSING_WARNING]);
    expect((await chunksOf(h, id)).every((c) => c.embedding === null)).toBe(true);
  });
});

describe("ingestion and search without EMBEDDING_MODEL", () => {
  let fake: FakeOpenAIServer;
  let h: Harness;
  beforeAll(async () => {
    fake = await startFakeOpenAIServer({ embeddingDimensions: DIMENSIONS });
    h = await createHarness({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "chat" }, { jobs: true });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("never calls /embeddings: no embedding step, no vectors, full-text search", async () => {
    const alice = await h.signIn("alice-noembed@acme.com");
    const { id, events } = await uploadReady(h, alice.cookie, "garage.txt", GARAGE);
    expect(events.map((e) => e.data.type)).toEqual(["uploaded", "parsing", "indexing", "ready"]);
    expect((await chunksOf(h, id)).every((c) => c.embedding === null)).toBe(true);
    expect((await fileRow(h, id)).embeddingModel).toBeNull();
    expect((await fileRow(h, id)).warnings).toEqual([]);
    const byWords = await h.deps.search.search({ query: "winter tyres", userId: alice.userId });
    expect(byWords.results[0]?.title).toBe("garage.txt, p. 1");
    const byMeaning = await h.deps.search.search({
      query: "automobile upkeep",
      userId: alice.userId,
    });
    expect(byMeaning.results.filter((r) => r.source === "file")).toEqual([]);
    expect(h.deps.models.embedder).toBeNull();
    expect(fake.embeddingRequests()).toEqual([]);
  });

  it("an instance started later with EMBEDDING_MODEL embeds the files read without one", async () => {
    const [file] = await h.db.db.select().from(schema.files);
    if (!file) throw new Error("no file");
    expect(file.embeddingModel).toBeNull();
    // Another instance on the same database, configured with a model: its job runtime starts.
    const env = { ...h.deps.env, EMBEDDING_MODEL: MODEL };
    const models = createModelRegistry({ env, logger: h.deps.logger });
    const deps: Deps = { ...h.deps, env, models };
    const runtime = await startJobRuntime({
      deps,
      url: h.db.url,
      definitions: JOB_DEFINITIONS,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const deadline = Date.now() + 30_000;
      while ((await fileRow(h, file.id)).embeddingModel === null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await runtime.stop(2_000);
    }
    expect((await fileRow(h, file.id)).embeddingModel).toBe(MODEL);
    const chunks = await chunksOf(h, file.id);
    expect(chunks.every((c) => c.embedding?.byteLength === DIMENSIONS * 4)).toBe(true);
    expect(fake.embeddingRequests().flatMap((r) => r.body.input as string[])).toEqual(
      chunks.map(embeddingText),
    );
  });
});
