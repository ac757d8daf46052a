import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import type { Logger } from "../../lib/logger.ts";
import type { FileVectorIndex, VectorHit } from "./file-vectors.ts";
import { queryWithSettings } from "./query-with-settings.ts";

/**
 * pgvector, when the database has it. File passages keep their embeddings as Float32 bytea
 * (`file_chunks.embedding`, the portable form every PostgreSQL holds); with pgvector they are also
 * kept in `file_chunks.embedding_vector` (type `vector`, any dimensions) and the search by meaning
 * is one SQL query over the person's own passages (cosine distance, computed by PostgreSQL,
 * nothing held in this process's memory, so instances behind a load balancer share nothing but
 * the database). Without it, file-vectors.ts scores in process.
 *
 * The column is not part of the migrations (a database without the extension could not run them):
 * `setUpPgvector` adds it at start-up when the extension is installed, or available and ours to
 * create; the files module (the one writer of file_chunks) fills it for passages embedded before and
 * syncs it in the transaction that writes embeddings (files.vectors.ts). Each dimensions in use gets an HNSW index (ensureHnswIndex); PostgreSQL
 * chooses per query between it and an exact scan of the person's passages (user_id index): the
 * exact scan for a person with few passages (an index shared by every user, filtered to one, is
 * what pgvector's README warns loses recall), the index for many (an exact scan reads every vector
 * of the person: ~30 times slower than the in-process scoring for 20,000 of them).
 */

export type PgvectorState =
  /** The column exists: embeddings are written to it and searched in SQL. */
  | "on"
  /** No pgvector in this PostgreSQL (the embedded one, Debian's packages without it). */
  | "unavailable"
  /** Available but CREATE EXTENSION was refused (not a superuser, not trusted). */
  | "not-permitted";

/** Lock held while the column is added and filled, so instances starting together do it once. */
const SETUP_LOCK_KEY = 7_294_118_834;

const known = new WeakMap<Db, Promise<boolean>>();

/** pgvector's HNSW index takes vectors of at most this many dimensions; larger ones are scanned. */
export const HNSW_MAX_DIMENSIONS = 2_000;
/** The dimensions whose HNSW index exists (or is being built), per database handle. */
const indexed = new WeakMap<Db, Map<number, Promise<void>>>();

export const hnswIndexName = (dimensions: number) => `file_chunks_embedding_${dimensions}_hnsw`;

/**
 * The HNSW index over passages of `dimensions` (a partial expression index: the column takes any
 * dimensions, an index only one), built CONCURRENTLY, so files are read and searched meanwhile. A
 * build that failed before (an INVALID index) is dropped and built again. Once per process and
 * dimensions; a failure is logged and search stays exact (a scan of the person's passages).
 */
export function ensureHnswIndex(db: Db, dimensions: number, logger?: Logger): Promise<void> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > HNSW_MAX_DIMENSIONS)
    return Promise.resolve();
  let byDimensions = indexed.get(db);
  if (!byDimensions) {
    byDimensions = new Map();
    indexed.set(db, byDimensions);
  }
  const pending = byDimensions.get(dimensions);
  if (pending) return pending;
  const name = hnswIndexName(dimensions);
  const build = (async () => {
    const found = await db.execute<{ valid: boolean }>(sql`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = ${name}`);
    if (found.rows[0]?.valid === true) return;
    if (found.rows[0]) await db.execute(sql.raw(`drop index concurrently if exists ${name}`));
    const started = performance.now();
    await db.execute(
      sql.raw(`create index concurrently if not exists ${name} on file_chunks
        using hnsw ((embedding_vector::vector(${dimensions})) vector_cosine_ops)
        where vector_dims(embedding_vector) = ${dimensions}`),
    );
    logger?.info(
      { index: name, ms: Math.round(performance.now() - started) },
      "pgvector: HNSW index ready",
    );
  })().catch((error: unknown) => {
    byDimensions.delete(dimensions);
    logger?.warn(
      { err: error, index: name },
      "pgvector: building the HNSW index failed; search by meaning scans the person's passages",
    );
  });
  byDimensions.set(dimensions, build);
  return build;
}

/** Whether file_chunks has the pgvector column (asked once per database handle). */
export function usesPgvector(db: Db): Promise<boolean> {
  let found = known.get(db);
  if (!found) {
    found = db
      .execute<{ on: boolean }>(sql`
        select exists (
          select 1 from information_schema.columns
          where table_schema = current_schema() and table_name = 'file_chunks'
            and column_name = 'embedding_vector'
        ) as on`)
      .then((r) => r.rows[0]?.on === true);
    // A failed check is asked again next time rather than remembered.
    found.catch(() => known.delete(db));
    known.set(db, found);
  }
  return found;
}

/** pgvector's text form of a vector: "[0.1,0.2,…]" (shortest round-trip decimal per Float32). */
export function vectorLiteral(vector: Float32Array): string {
  return `[${Array.prototype.join.call(vector, ",")}]`;
}

/**
 * At start-up (after the migrations): uses pgvector when the database has it: adds the column and
 * the indexes. The files module fills the column (files.service.ts fillMissingVectors: it owns
 * file_chunks' writes).
 */
export async function setUpPgvector(db: Db, logger?: Logger): Promise<PgvectorState> {
  const found = await db.execute<{ installed: boolean; available: boolean }>(sql`
    select exists (select 1 from pg_extension where extname = 'vector') as installed,
           exists (select 1 from pg_available_extensions where name = 'vector') as available`);
  const { installed, available } = found.rows[0] ?? { installed: false, available: false };
  if (!installed && !available) return "unavailable";
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    try {
      if (!installed) {
        try {
          await client.query("create extension if not exists vector");
        } catch (error) {
          logger?.info(
            { err: error },
            "pgvector is available but could not be created (CREATE EXTENSION vector needs a superuser or a trusted extension): file search by meaning is scored in process",
          );
          return "not-permitted";
        }
      }
      await client.query(
        "alter table file_chunks add column if not exists embedding_vector vector",
      );
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  known.set(db, Promise.resolve(true));
  // Indexes for the dimensions stored (once: later starts find them built), one passage per
  // embedding model read for its size rather than every passage.
  const present = await db.execute<{ dimensions: number }>(sql`
    select distinct (octet_length(v.embedding) / 4)::int as dimensions
    from (select distinct embedding_model from files where embedding_model is not null) m
    cross join lateral (
      select c.embedding from files f join file_chunks c on c.file_id = f.id
      where f.embedding_model = m.embedding_model and c.embedding is not null limit 1
    ) v`);
  for (const { dimensions } of present.rows) await ensureHnswIndex(db, dimensions, logger);
  return "on";
}

/**
 * The search by meaning in PostgreSQL: the `limit` passages of the user's ready files embedded
 * with `model` nearest the query by cosine distance, only the asking person's rows. PostgreSQL
 * picks the plan: for a person with few passages it reads them through the user_id index and
 * ranks them exactly; for many, it walks the HNSW index of those dimensions (approximate, as every
 * HNSW search is; iterative scans keep going past other people's passages until enough of this
 * person's are found), and the hits are then put in exact order.
 */
export function createPgvectorIndex(options: { db: Db; model: string }): FileVectorIndex {
  const { db, model } = options;
  return {
    async nearest({ userId, query: pending, limit, fileIds }) {
      const query = await pending;
      const dimensions = query.length;
      if (dimensions === 0 || !Number.isInteger(dimensions)) return [];
      const scope = fileIds
        ? sql`and c.file_id = any(${`{${[...fileIds].join(",")}}`}::uuid[])`
        : sql``;
      // Literal dimensions (an integer of ours): the index's expression and predicate must match.
      const typed = sql.raw(`vector(${dimensions})`);
      const d = sql.raw(String(dimensions));
      const distance = sql`(c.embedding_vector::${typed} <=> ${vectorLiteral(query)}::${typed})`;
      // Candidates the index walk keeps: 200 holds recall@50 at 0.92 against an exact scan on the
      // bench's 20,000 passages (40, pgvector's default: 0.83), for ~1 ms more.
      const efSearch = Math.min(1_000, Math.max(200, 2 * limit));
      const result = await queryWithSettings<{
        file_id: string;
        ordinal: number;
        distance: number;
      }>(
        db,
        { "hnsw.iterative_scan": "relaxed_order", "hnsw.ef_search": String(efSearch) },
        sql`
        with nearest as materialized (
          select c.file_id, c.ordinal, ${distance} as distance
          from file_chunks c
          join files f on f.id = c.file_id and f.user_id = ${userId}
          where c.user_id = ${userId} ${scope}
            and f.status = 'ready' and f.embedding_model = ${model}
            and vector_dims(c.embedding_vector) = ${d}
            and vector_norm(c.embedding_vector) > 0
          order by ${distance}
          limit ${limit}
        )
        select file_id, ordinal, distance::float8 as distance from nearest
        order by distance + 0, file_id, ordinal`,
      );
      return result.rows.map(
        (r): VectorHit => ({ fileId: r.file_id, ordinal: r.ordinal, similarity: 1 - r.distance }),
      );
    },
    stats() {
      return { users: 0, bytes: 0, files: new Map() };
    },
  };
}
