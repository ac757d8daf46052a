import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  fakeEmbedding,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import type { Embedder } from "../../ai/embeddings.ts";
import { vectorToBytes } from "../../ai/embeddings.ts";
import { createModelRegistry } from "../../ai/models.ts";
import { parseEnv } from "../../env.ts";
import { createLogger } from "../../lib/logger.ts";
import { queryWords } from "../../lib/text-tokens.ts";
import {
  createFilesCorpus,
  QUERY_EMBEDDING_TIMEOUT_MS,
  RRF_K,
  reciprocalRankFusion,
} from "./files-corpus.ts";

const ALICE = "00000000-0000-4000-8000-0000000a11ce";
const BOB = "00000000-0000-4000-8000-000000000b0b";
const MODEL = "fake-embed";
const DIMENSIONS = 256;

let db: TestDatabase;
let fake: FakeOpenAIServer;
let embedder: Embedder;
const logs: string[] = [];
const logger = createLogger({
  level: "debug",
  destination: new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  }),
});

/**
 * One file of `userId` whose page n holds passages[n - 1], embedded through the embedder (the
 * fake server over HTTP) unless `embedded` is false; `model` is what files.embedding_model records.
 */
async function addFile(
  userId: string,
  name: string,
  passages: string[],
  options: { status?: string; embedded?: boolean; model?: string } = {},
): Promise<string> {
  const embedded = options.embedded ?? true;
  const [run] = (
    await db.db.execute<{ id: string }>(sql`
      insert into runs (user_id, kind, subject_id) values (${userId}, 'ingest', ${name})
      returning id`)
  ).rows;
  const [file] = (
    await db.db.execute<{ id: string }>(sql`
      insert into files (user_id, name, kind, size, storage_key, status, pages, run_id, embedding_model)
      values (${userId}, ${name}, 'txt', 100, ${`test/${name}`}, ${options.status ?? "ready"},
              ${passages.length}, ${run?.id}, ${embedded ? (options.model ?? MODEL) : null})
      returning id`)
  ).rows;
  const vectors = embedded ? await embedder.embed(passages) : [];
  for (const [i, content] of passages.entries()) {
    const vector = vectors[i];
    await db.db.execute(sql`
      insert into file_chunks (file_id, ordinal, user_id, page, char_start, char_end, content, embedding)
      values (${file?.id}, ${i}, ${userId}, ${i + 1}, 0, ${content.length}, ${content},
              ${vector ? vectorToBytes(vector) : null})`);
  }
  return file?.id ?? "";
}

const fullTextCorpus = () => createFilesCorpus({ db: db.db });
const hybridCorpus = () => createFilesCorpus({ db: db.db, embedder, logger });

const searchWith = (
  corpus: ReturnType<typeof createFilesCorpus>,
  text: string,
  userId: string,
  limit = 5,
) => corpus.search({ query: { text, words: queryWords(text) }, limit, userId });

const CAR = "Bring the car in for servicing before the first frost.";

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeOpenAIServer({ embeddingDimensions: DIMENSIONS });
  const env = parseEnv({
    LLM_BASE_URL: fake.baseUrl,
    LLM_MODEL: "chat",
    EMBEDDING_MODEL: MODEL,
  });
  const registry = createModelRegistry({ env, logger, fetchOptions: { baseDelayMs: 5 } });
  if (!registry.embedder) throw new Error("no embedder");
  embedder = registry.embedder;
  await db.db.execute(sql`
    insert into users (id, email, name) values
      (${ALICE}, 'alice-hybrid@acme.com', 'Alice'), (${BOB}, 'bob-hybrid@acme.com', 'Bob')`);
  await addFile(ALICE, "garage.txt", [
    "Winter tyres are stored in the shed behind the garden.",
    CAR,
    "The garden hose froze last January.",
  ]);
  await addFile(ALICE, "harbour.txt", [
    "harbour crane repair report",
    "fix harbour crane",
    "harbour crane repair delayed by weather storm season",
    "mend harbour",
    "crane",
    "repair log for the harbour crane, repair again, repair twice",
    "The ferry timetable changes in spring.",
  ]);
});
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await fake.close();
  await db.close();
});

describe("reciprocal rank fusion (k = 60)", () => {
  it("orders by Σ 1/(60 + rank): a passage second in both rankings beats one first in only one", () => {
    expect(RRF_K).toBe(60);
    // a: 1/61 = .016393; b: 2/62 = .032258; c: 1/63 + 1/61 = .032266; d: 1/63 = .015873
    expect(
      reciprocalRankFusion([
        ["a", "b", "c"],
        ["c", "b", "d"],
      ]),
    ).toEqual(["c", "b", "a", "d"]);
    // k weighs one first place against two lower ones: y is 3rd and 4th, x and q 1st once.
    const lists = [
      ["x", "p", "y"],
      ["q", "r", "s", "y"],
    ];
    // k = 60: y = 1/63 + 1/64 = .0315 > x = q = 1/61 = .0164 > p = r = 1/62 > s = 1/63
    expect(reciprocalRankFusion(lists)).toEqual(["y", "x", "q", "p", "r", "s"]);
    // k = 1: x = q = 1/2 > y = 1/4 + 1/5 > p = r = 1/3 > s = 1/4
    expect(reciprocalRankFusion(lists, 1)).toEqual(["x", "q", "y", "p", "r", "s"]);
    // Equal sums: the better single rank, then the first seen.
    expect(reciprocalRankFusion([["x", "y"], ["y"]])).toEqual(["y", "x"]);
    expect(reciprocalRankFusion([["x"], ["y"]])).toEqual(["x", "y"]);
  });
});

describe("files corpus with EMBEDDING_MODEL (meaning fused with full-text)", () => {
  it("finds by meaning a passage full-text misses (synonyms, no shared word)", async () => {
    const query = "automobile upkeep";
    expect(await searchWith(fullTextCorpus(), query, ALICE)).toEqual([]);
    const hits = await searchWith(hybridCorpus(), query, ALICE);
    expect(hits[0]?.title).toBe("garage.txt, p. 2");
    expect(hits[0]?.content).toBe(CAR);
    expect(hits[0]?.source).toBe("file");
    expect(hits[0]?.url).toMatch(/^\/app\/document-chat\/[0-9a-f-]{36}\?chunk=\d+&page=2$/);
    // The query was embedded once, as typed.
    expect(fake.embeddingRequests().map((r) => r.body.input)).toEqual([[query]]);
  });

  it("orders the fused passages by RRF of the full-text and the meaning rankings", async () => {
    const query = "harbour crane repair";
    // Full-text ranking, as the full-text corpus gives it (every candidate).
    const fullText = (await searchWith(fullTextCorpus(), query, ALICE, 50)).map((h) => h.title);
    // Meaning ranking computed here from the fake model's vectors (cosine, every passage).
    const rows = (
      await db.db.execute<{ name: string; page: number; content: string }>(sql`
        select f.name, c.page, c.content from file_chunks c join files f on f.id = c.file_id
        where c.user_id = ${ALICE}`)
    ).rows;
    const q = fakeEmbedding(query, DIMENSIONS);
    const cosine = (text: string) =>
      fakeEmbedding(text, DIMENSIONS).reduce((sum, x, i) => sum + x * (q[i] ?? 0), 0);
    const meaning = rows
      .map((r) => ({ title: `${r.name}, p. ${r.page}`, score: cosine(r.content) }))
      .sort((a, b) => b.score - a.score)
      .map((r) => r.title);
    // The crafted passages rank differently by words and by meaning…
    expect(fullText.slice(0, 4)).not.toEqual(meaning.slice(0, 4));
    const expected = reciprocalRankFusion([fullText, meaning]).slice(0, 4);
    expect(expected).not.toEqual(fullText.slice(0, 4));
    expect(expected).not.toEqual(meaning.slice(0, 4));
    // …and the hybrid corpus gives their fusion.
    const hybrid = (await searchWith(hybridCorpus(), query, ALICE, 4)).map((h) => h.title);
    expect(hybrid).toEqual(expected);
  });

  it("answers with full-text alone when the query cannot be embedded, and says so in the log", async () => {
    const corpus = hybridCorpus();
    const query = "harbour crane repair";
    const expected = await searchWith(fullTextCorpus(), query, ALICE);
    fake.failEmbeddings(500);
    logs.length = 0;
    expect(await searchWith(corpus, query, ALICE)).toEqual(expected);
    expect(await searchWith(corpus, "automobile upkeep", ALICE)).toEqual([]);
    expect(fake.embeddingRequests().length).toBeGreaterThan(0);
    expect(logs.join("")).toContain("search by meaning failed");
    // A stalled embeddings server: full-text once the query's time limit has passed.
    fake.reset();
    fake.enqueueEmbeddings({ kind: "stall" });
    const started = Date.now();
    expect(await searchWith(corpus, query, ALICE)).toEqual(expected);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(QUERY_EMBEDDING_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(QUERY_EMBEDDING_TIMEOUT_MS + 3_000);
  }, 30_000);

  it("scores only the asking person's embedded, ready files (G2)", async () => {
    const query = "quarterly pension statement";
    await addFile(BOB, "bob pension.txt", ["Quarterly pension statement."]);
    await addFile(ALICE, "draft pension.txt", ["Quarterly pension statement."], {
      status: "parsing",
    });
    await addFile(ALICE, "old model.txt", ["Quarterly pension statement."], { model: "other" });
    const corpus = hybridCorpus();
    const alices = await searchWith(corpus, query, ALICE, 50);
    expect(alices.length).toBeGreaterThan(0);
    // Bob's passage (the query itself) and Alice's file still being read never come back;
    // "old model.txt" may, by its words only: it is not embedded with this model.
    for (const hit of alices) expect(hit.title).not.toMatch(/^(bob|draft) pension/);
    const { rows: aliceFiles } = await db.db.execute<{ id: string }>(
      sql`select id from files where user_id = ${ALICE} and status = 'ready' and embedding_model = ${MODEL} order by id`,
    );
    expect(corpus.vectors?.stats().files.get(ALICE)?.sort()).toEqual(aliceFiles.map((f) => f.id));
    const bobs = await searchWith(corpus, query, BOB);
    expect(bobs.map((h) => h.title)).toEqual(["bob pension.txt, p. 1"]);
    expect(corpus.vectors?.stats().files.get(BOB)).toHaveLength(1);
  });

  it("follows the person's files: a file embedded or deleted later is found or gone at once", async () => {
    const corpus = hybridCorpus();
    const query = "physician appointment";
    const before = await searchWith(corpus, query, ALICE);
    expect(before.some((h) => h.title.startsWith("clinic"))).toBe(false);
    const id = await addFile(ALICE, "clinic.txt", ["See the doctor about the appointment."]);
    const after = await searchWith(corpus, query, ALICE);
    expect(after[0]?.title).toBe("clinic.txt, p. 1");
    expect(corpus.vectors?.stats().files.get(ALICE)).toContain(id);
    await db.db.execute(sql`delete from files where id = ${id}`);
    const gone = await searchWith(corpus, query, ALICE);
    expect(gone.some((h) => h.title.startsWith("clinic"))).toBe(false);
    expect(corpus.vectors?.stats().files.get(ALICE)).not.toContain(id);
  });

  it("makes no embeddings call without EMBEDDING_MODEL", async () => {
    await searchWith(fullTextCorpus(), "automobile upkeep", ALICE);
    await searchWith(fullTextCorpus(), "harbour crane repair", ALICE);
    expect(fake.embeddingRequests()).toEqual([]);
  });
});
