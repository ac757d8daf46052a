import { createDatabase, type Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeEmbedding } from "../../../../../e2e/fakes/fake-embedding.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { type Embedder, vectorToBytes } from "../../ai/embeddings.ts";
import * as embedRepo from "../../modules/files/files.embed-repo.ts";
import * as repo from "../../modules/files/files.repo.ts";
import { fillMissingVectors } from "../../modules/files/files.service.ts";
import { syncFileVectors } from "../../modules/files/files.vectors.ts";
import { createFilesCorpus } from "./files-corpus.ts";
import {
  hnswIndexName,
  type PgvectorState,
  setUpPgvector,
  usesPgvector,
  vectorLiteral,
} from "./pgvector.ts";

/**
 * File search by meaning with and without pgvector. `npm test` runs this file twice: on the
 * embedded PostgreSQL (no pgvector: scored in process) and on Debian's PostgreSQL with pgvector
 * built from vendor/ (NEXUS_EXPECT_PGVECTOR=1: scored in PostgreSQL). Either way the passages must
 * be the exact cosine ranking of the asking person's own ready files, computed here independently.
 */

const ALICE = "00000000-0000-4000-8000-00000000a1ce";
const BOB = "00000000-0000-4000-8000-000000000b0b";
const MODEL = "fake-embed";
const DIMENSIONS = 64;
const expectPgvector = process.env.NEXUS_EXPECT_PGVECTOR === "1";

const WORDS =
  "harbour ferry tide lighthouse keeper lamp storm pier pilot vessel cargo crane dock crew engine hull sail mast rope net car repair doctor salary holiday".split(
    " ",
  );

/** Passage n of a file: a few words chosen by n (deterministic, mostly distinct bags). */
function passage(seed: number, n: number): string {
  const words: string[] = [];
  for (let k = 0; k < 4 + (n % 3); k++)
    words.push(WORDS[(seed * 7 + n * 5 + k * k * 3) % WORDS.length] as string);
  return words.join(" ");
}

let db: TestDatabase;
let state: PgvectorState;
let available: boolean;
const passages = new Map<string, { userId: string; text: string; ready: boolean; model: string }>();

async function insertFile(
  userId: string,
  name: string,
  texts: string[],
  options: { status?: string; model?: string | null; seed?: number } = {},
): Promise<string> {
  const model = options.model === undefined ? MODEL : options.model;
  const [run] = (
    await db.db.execute<{ id: string }>(sql`
      insert into runs (user_id, kind, subject_id) values (${userId}, 'ingest', ${name}) returning id`)
  ).rows;
  const [file] = (
    await db.db.execute<{ id: string }>(sql`
      insert into files (user_id, name, kind, size, storage_key, status, pages, run_id, embedding_model)
      values (${userId}, ${name}, 'txt', 100, ${`test/${userId}/${name}`}, ${options.status ?? "ready"},
              ${texts.length}, ${run?.id}, ${model})
      returning id`)
  ).rows;
  const fileId = file?.id as string;
  for (const [i, text] of texts.entries()) {
    await db.db.execute(sql`
      insert into file_chunks (file_id, ordinal, user_id, page, char_start, char_end, content, embedding)
      values (${fileId}, ${i}, ${userId}, ${i + 1}, 0, ${text.length}, ${text},
              ${model ? vectorToBytes(new Float32Array(fakeEmbedding(text, DIMENSIONS))) : null})`);
    passages.set(`${fileId}:${i}`, {
      userId,
      text,
      ready: (options.status ?? "ready") === "ready",
      model: model ?? "",
    });
  }
  // As the files repository does after writing embeddings (a no-op without pgvector).
  await syncFileVectors(db.db, db.db, fileId);
  return fileId;
}

/** The reference: cosine similarity in double precision over the person's eligible passages. */
function reference(userId: string, query: string, fileIds?: Set<string>) {
  const q = fakeEmbedding(query, DIMENSIONS);
  const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return [...passages.entries()]
    .filter(([key, p]) => {
      const fileId = key.split(":")[0] as string;
      return (
        p.userId === userId && p.ready && p.model === MODEL && (!fileIds || fileIds.has(fileId))
      );
    })
    .map(([key, p]) => {
      const v = fakeEmbedding(p.text, DIMENSIONS);
      const dot = v.reduce((s, x, i) => s + x * (q[i] as number), 0);
      return { key, similarity: norm(v) === 0 ? 0 : dot / (norm(v) * norm(q)) };
    })
    .sort((a, b) => b.similarity - a.similarity);
}

const corpus = (on: Db = db.db) => {
  // The fake model's vectors without its HTTP server: this file tests where they are scored.
  const embedder: Embedder = {
    model: MODEL,
    embed: async (texts) => texts.map((t) => new Float32Array(fakeEmbedding(t, DIMENSIONS))),
  };
  return createFilesCorpus({ db: on, embedder });
};

async function nearest(
  c: ReturnType<typeof corpus>,
  userId: string,
  query: string,
  limit: number,
  fileIds?: Set<string>,
) {
  const hits = await c.vectors?.nearest({
    userId,
    query: new Float32Array(fakeEmbedding(query, DIMENSIONS)),
    limit,
    ...(fileIds ? { fileIds } : {}),
  });
  return (hits ?? []).map((h) => ({ key: `${h.fileId}:${h.ordinal}`, similarity: h.similarity }));
}

/** Same similarities in the same order as the reference's top `limit`, every key its own. */
function expectExactRanking(
  got: { key: string; similarity: number }[],
  expected: { key: string; similarity: number }[],
  limit: number,
) {
  const top = expected.slice(0, limit);
  expect(got.length).toBe(top.length);
  const own = new Map(expected.map((e) => [e.key, e.similarity]));
  got.forEach((hit, i) => {
    expect(hit.similarity).toBeCloseTo(top[i]?.similarity as number, 5);
    expect(own.get(hit.key)).toBeCloseTo(hit.similarity, 5);
  });
}

let harbour: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.db.execute(sql`
    insert into users (id, email, name) values
      (${ALICE}, 'alice-pgvector@acme.com', 'Alice'), (${BOB}, 'bob-pgvector@acme.com', 'Bob')`);
  // Embedded before pgvector is set up: set-up copies these into the vector column.
  await insertFile(
    ALICE,
    "garage.txt",
    Array.from({ length: 12 }, (_, n) => passage(1, n)),
  );
  harbour = await insertFile(
    ALICE,
    "harbour.txt",
    Array.from({ length: 12 }, (_, n) => passage(2, n)),
  );
  // Bob holds the very same passages: none may ever come back to Alice.
  await insertFile(
    BOB,
    "garage.txt",
    Array.from({ length: 12 }, (_, n) => passage(1, n)),
  );
  // Not searched: still being read, and embedded with another model.
  await insertFile(ALICE, "pending.txt", [passage(3, 0), passage(3, 1)], { status: "parsing" });
  await insertFile(ALICE, "other-model.txt", [passage(4, 0)], { model: "another-embed" });
  available =
    (
      await db.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_available_extensions where name = 'vector'`,
      )
    ).rows[0]?.n === 1;
  state = await setUpPgvector(db.db);
  if (state === "on") await fillMissingVectors(db.db);
});
afterAll(async () => {
  await db?.close();
});

describe("pgvector set-up", () => {
  it("is on exactly when this PostgreSQL has pgvector, and fills the vectors of earlier embeddings", async () => {
    if (expectPgvector) expect(available).toBe(true);
    expect(state).toBe(available ? "on" : "unavailable");
    expect(await usesPgvector(db.db)).toBe(available);
    const column = await db.db.execute(sql`
      select 1 from information_schema.columns
      where table_name = 'file_chunks' and column_name = 'embedding_vector'`);
    expect(column.rows.length).toBe(available ? 1 : 0);
    if (state !== "on") return;
    const counts = await db.db.execute<{ embedded: number; vectors: number; matching: number }>(sql`
      select count(embedding)::int as embedded, count(embedding_vector)::int as vectors,
             count(*) filter (where vector_dims(embedding_vector) = ${DIMENSIONS})::int as matching
      from file_chunks`);
    expect(counts.rows[0]).toEqual({ embedded: 39, vectors: 39, matching: 39 });
    // Set-up again (another instance starting) changes nothing.
    expect(await setUpPgvector(db.db)).toBe("on");
  });

  it("leaves the database as it is when CREATE EXTENSION is not permitted", async () => {
    const other = await createTestDatabase();
    const role = `nexus_limited_${other.name.slice(-6)}`;
    await other.db.execute(sql.raw(`create role ${role} nologin`));
    // One connection, so the role set here is the one set-up runs as.
    const limited = createDatabase({ url: other.url, max: 1 });
    try {
      await limited.db.execute(sql.raw(`set role ${role}`));
      expect(await setUpPgvector(limited.db)).toBe(available ? "not-permitted" : "unavailable");
      const extension = await other.db.execute(
        sql`select 1 from pg_extension where extname = 'vector'`,
      );
      expect(extension.rows.length).toBe(0);
      expect(await usesPgvector(other.db)).toBe(false);
    } finally {
      await limited.close();
      await other.close();
      await db.db.execute(sql.raw(`drop role if exists ${role}`));
    }
  });
});

describe("file search by meaning (pgvector when present, in process otherwise)", () => {
  it("ranks the person's own ready passages of the model by exact cosine similarity", async () => {
    const c = corpus();
    for (const query of ["harbour crane repair", "car doctor salary", "storm pier lamp", "tide"]) {
      for (const limit of [1, 5, 20]) {
        const got = await nearest(c, ALICE, query, limit);
        expectExactRanking(got, reference(ALICE, query), limit);
        for (const hit of got) expect(passages.get(hit.key)?.userId).toBe(ALICE);
      }
    }
    // Bob's copy ranks among his own, never Alice's.
    const bob = await nearest(c, BOB, "harbour crane repair", 50);
    expectExactRanking(bob, reference(BOB, "harbour crane repair"), 50);
    expect(bob.length).toBe(12);
    // Where the scoring ran: PostgreSQL holds it with pgvector; without, this process's memory.
    expect(c.vectors?.stats().users).toBe(state === "on" ? 0 : 2);
  });

  it("keeps to the files asked about", async () => {
    const only = new Set([harbour]);
    const got = await nearest(corpus(), ALICE, "car repair crane", 50, only);
    expectExactRanking(got, reference(ALICE, "car repair crane", only), 50);
    expect(got.every((h) => h.key.startsWith(harbour))).toBe(true);
    expect(got.length).toBe(12);
  });

  it("finds a file as soon as its embeddings are written (ingestion or the embed job)", async () => {
    const c = corpus();
    // Ingestion: chunks with their embeddings, the file ready in the same transaction.
    const [run] = (
      await db.db.execute<{ id: string }>(sql`
        insert into runs (user_id, kind, subject_id) values (${ALICE}, 'ingest', 'new') returning id`)
    ).rows;
    const [row] = (
      await db.db.execute<{ id: string }>(sql`
        insert into files (user_id, name, kind, size, storage_key, status, run_id)
        values (${ALICE}, 'lighthouse.txt', 'txt', 10, 'test/lighthouse', 'indexing', ${run?.id})
        returning id`)
    ).rows;
    const fresh = row?.id as string;
    const text = "lighthouse keeper lamp lighthouse keeper lamp";
    const saved = await repo.saveChunks(
      db.db,
      { id: fresh, userId: ALICE },
      [
        {
          ordinal: 0,
          page: 1,
          charStart: 0,
          charEnd: text.length,
          content: text,
          embedding: vectorToBytes(new Float32Array(fakeEmbedding(text, DIMENSIONS))),
        },
      ],
      {
        pages: 1,
        ocrPages: [],
        ocrBoxes: {},
        chars: text.length,
        warnings: [],
        embeddingModel: MODEL,
      },
      new Date(),
    );
    expect(saved).toBe(true);
    passages.set(`${fresh}:0`, { userId: ALICE, text, ready: true, model: MODEL });
    const first = await nearest(c, ALICE, "lighthouse keeper lamp", 3);
    expect(first[0]?.key).toBe(`${fresh}:0`);
    expectExactRanking(first, reference(ALICE, "lighthouse keeper lamp"), 3);

    // The embed job: a ready file read without embeddings gets them afterwards.
    const late = await insertFile(ALICE, "late.txt", ["ferry rope net ferry rope net"], {
      model: null,
    });
    const before = await nearest(c, ALICE, "ferry rope net", 50);
    expect(before.some((h) => h.key.startsWith(late))).toBe(false);
    const written = await embedRepo.saveEmbeddings(db.db, {
      fileId: late,
      model: MODEL,
      ordinals: [0],
      embeddings: [vectorToBytes(new Float32Array(fakeEmbedding("ferry rope net", DIMENSIONS)))],
      warning: "",
      now: new Date(),
    });
    expect(written).toBe(true);
    passages.set(`${late}:0`, {
      userId: ALICE,
      text: "ferry rope net",
      ready: true,
      model: MODEL,
    });
    const after = await nearest(c, ALICE, "ferry rope net", 3);
    expect(after[0]?.key).toBe(`${late}:0`);
    expectExactRanking(after, reference(ALICE, "ferry rope net"), 3);
  });

  it("is used by the files corpus's hybrid search, which finds by meaning what full-text misses", async () => {
    const car = "Bring the car in for servicing before the first frost.";
    const fileId = await insertFile(ALICE, "car.txt", [car]);
    const found = await corpus().search({
      query: { text: "automobile upkeep", words: ["automobile", "upkeep"] },
      limit: 3,
      userId: ALICE,
    });
    // No passage holds either word; the fake model maps them onto "car" and "servicing".
    expect(found[0]?.content).toBe(car);
    expect(found[0]?.url).toContain(fileId);
    expect(found.every((r) => !/automobile|upkeep/.test(r.content ?? ""))).toBe(true);
  });
});

describe("the HNSW index", () => {
  it("is built for the dimensions stored, and walking it gives the same passages here", async () => {
    const indexes = await db.db.execute<{ name: string; valid: boolean }>(sql`
      select c.relname as name, i.indisvalid as valid
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname like 'file_chunks_embedding_%_hnsw'`);
    if (state !== "on") {
      expect(indexes.rows).toEqual([]);
      return;
    }
    expect(indexes.rows).toEqual([{ name: hnswIndexName(DIMENSIONS), valid: true }]);
    // With sorting priced out, PostgreSQL must take the order from the HNSW index (on a set this
    // small it would rather rank every passage exactly).
    await db.db.execute(sql.raw(`alter database ${db.name} set enable_sort = off`));
    const forced = createDatabase({ url: db.url, max: 2 });
    try {
      const q = vectorLiteral(new Float32Array(fakeEmbedding("harbour crane repair", DIMENSIONS)));
      const plan = await forced.db.execute<{ "QUERY PLAN": string }>(
        sql.raw(`explain select file_id, ordinal from file_chunks
          where user_id = '${ALICE}' and vector_dims(embedding_vector) = ${DIMENSIONS}
          order by embedding_vector::vector(${DIMENSIONS}) <=> '${q}'::vector(${DIMENSIONS}) limit 5`),
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain(hnswIndexName(DIMENSIONS));
      const c = corpus(forced.db);
      for (const query of ["harbour crane repair", "storm pier lamp"]) {
        const got = await nearest(c, ALICE, query, 5);
        expectExactRanking(got, reference(ALICE, query), 5);
      }
    } finally {
      await forced.close();
      await db.db.execute(sql.raw(`alter database ${db.name} reset enable_sort`));
    }
  });
});

describe("vectorLiteral", () => {
  it("writes pgvector's text form, each Float32 exactly", () => {
    const v = new Float32Array([0.1, -2.5, 1e-7, 0]);
    const literal = vectorLiteral(v);
    expect(literal).toBe(`[${[...v].join(",")}]`);
    const back = new Float32Array(literal.slice(1, -1).split(",").map(Number));
    expect([...back]).toEqual([...v]);
  });
});
