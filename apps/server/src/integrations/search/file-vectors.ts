import { createHash } from "node:crypto";
import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import { readVectorInto } from "../../ai/embeddings.ts";
import type { Logger } from "../../lib/logger.ts";

/**
 * One person's embedded passages in memory, scored in process by cosine similarity (PostgreSQL
 * here has no pgvector). Vectors are read from file_chunks.embedding (little-endian Float32 bytea)
 * once per file, normalised to length 1 and kept per user, least recently used users evicted
 * beyond `maxBytes`. Each search first asks PostgreSQL which of the person's files are embedded
 * with the current model (one indexed query over `files`): a file added, embedded later or deleted
 * — by this instance or another — changes that set, and only the files that came or went are
 * loaded or dropped. Only the asking person's rows are ever read (user_id in every query).
 */

export interface VectorHit {
  fileId: string;
  ordinal: number;
  /** Cosine similarity with the query, in [-1, 1]. */
  similarity: number;
}

interface FileBlock {
  fileId: string;
  dimensions: number;
  ordinals: Int32Array;
  /** ordinals.length vectors of `dimensions`, each of length 1 (or all zeros). */
  vectors: Float32Array;
}

interface UserVectors {
  /** "count:md5 of the ids" of the embedded files these blocks are. */
  fingerprint: string;
  files: Map<string, FileBlock>;
  bytes: number;
}

export interface FileVectorIndex {
  /**
   * The `limit` passages of the user's embedded files nearest to `query`, best first. `query` may
   * be a promise (the embedding on its way): the user's vectors are checked meanwhile.
   */
  nearest(options: {
    userId: string;
    query: Float32Array | Promise<Float32Array>;
    limit: number;
    /** Only these files (the ones attached to a question); all of the user's when absent. */
    fileIds?: ReadonlySet<string>;
  }): Promise<VectorHit[]>;
  /** What is held in memory (tests and the benchmark). */
  stats(): { users: number; bytes: number; files: Map<string, string[]> };
}

/** Files whose vectors are read in one query (bounds the rows held at once while loading). */
const LOAD_FILES_PER_QUERY = 50;

function fingerprintOf(ids: string[]): string {
  return `${ids.length}:${createHash("md5").update(ids.join(",")).digest("hex")}`;
}

/** Scales a vector to length 1 in place (a zero vector stays zero). */
function normalise(vectors: Float32Array, offset: number, dimensions: number): void {
  let sum = 0;
  for (let i = offset; i < offset + dimensions; i++) sum += (vectors[i] as number) ** 2;
  if (sum === 0) return;
  const scale = 1 / Math.sqrt(sum);
  for (let i = offset; i < offset + dimensions; i++) vectors[i] = (vectors[i] as number) * scale;
}

/** Dot product of vectors[base, base + q.length) with q, four lanes at a time. */
function dotAt(vectors: Float32Array, base: number, q: Float32Array): number {
  const n = q.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    a += (vectors[base + i] as number) * (q[i] as number);
    b += (vectors[base + i + 1] as number) * (q[i + 1] as number);
    c += (vectors[base + i + 2] as number) * (q[i + 2] as number);
    d += (vectors[base + i + 3] as number) * (q[i + 3] as number);
  }
  for (; i < n; i++) a += (vectors[base + i] as number) * (q[i] as number);
  return a + b + c + d;
}

/** Keeps the `limit` best hits seen, best first (insertion into a short sorted array). */
class TopHits {
  readonly hits: VectorHit[] = [];
  constructor(private readonly limit: number) {}
  get floor(): number {
    return this.hits.length < this.limit ? -Infinity : (this.hits.at(-1)?.similarity ?? -Infinity);
  }
  add(fileId: string, ordinal: number, similarity: number): void {
    let i = this.hits.length;
    while (i > 0 && (this.hits[i - 1]?.similarity ?? 0) < similarity) i--;
    this.hits.splice(i, 0, { fileId, ordinal, similarity });
    if (this.hits.length > this.limit) this.hits.pop();
  }
}

export function createFileVectorIndex(options: {
  db: Db;
  /** EMBEDDING_MODEL: only files embedded with it are scored (vectors of models do not mix). */
  model: string;
  /** Memory for vectors in all, across users (EMBEDDING_CACHE_MB). */
  maxBytes: number;
  logger?: Logger;
}): FileVectorIndex {
  const { db, model } = options;
  /** Most recently used last (Map keeps insertion order). */
  const users = new Map<string, UserVectors>();
  const loading = new Map<string, Promise<UserVectors>>();
  let warnedDimensions = false;

  const totalBytes = () => {
    let n = 0;
    for (const u of users.values()) n += u.bytes;
    return n;
  };

  const evict = (keep: string) => {
    let total = totalBytes();
    for (const [userId, entry] of users) {
      if (total <= options.maxBytes) break;
      if (userId === keep) continue;
      users.delete(userId);
      total -= entry.bytes;
    }
  };

  async function embeddedFileIds(userId: string): Promise<string[]> {
    const result = await db.execute<{ id: string }>(sql`
      select id from files
      where user_id = ${userId} and status = 'ready' and embedding_model = ${model}
      order by id`);
    return result.rows.map((r) => r.id);
  }

  async function currentFingerprint(userId: string): Promise<string> {
    // The same text fingerprintOf hashes: the ids in uuid order, joined with commas.
    const result = await db.execute<{ n: number; h: string }>(sql`
      select count(*)::int as n, md5(coalesce(string_agg(id::text, ',' order by id), '')) as h
      from files
      where user_id = ${userId} and status = 'ready' and embedding_model = ${model}`);
    const row = result.rows[0];
    return `${row?.n ?? 0}:${row?.h ?? ""}`;
  }

  async function loadBlocks(userId: string, fileIds: string[]): Promise<FileBlock[]> {
    const blocks: FileBlock[] = [];
    for (let i = 0; i < fileIds.length; i += LOAD_FILES_PER_QUERY) {
      const group = fileIds.slice(i, i + LOAD_FILES_PER_QUERY);
      const result = await db.execute<{ file_id: string; ordinal: number; embedding: Buffer }>(sql`
        select file_id, ordinal, embedding from file_chunks
        where user_id = ${userId}
          and file_id = any(${`{${group.join(",")}}`}::uuid[])
          and embedding is not null
        order by file_id, ordinal`);
      let start = 0;
      const rows = result.rows;
      while (start < rows.length) {
        const fileId = rows[start]?.file_id as string;
        let end = start;
        while (end < rows.length && rows[end]?.file_id === fileId) end++;
        const dimensions = (rows[start]?.embedding.byteLength ?? 0) / 4;
        const ordinals = new Int32Array(end - start);
        const vectors = new Float32Array((end - start) * dimensions);
        let n = 0;
        for (let r = start; r < end; r++) {
          const row = rows[r];
          if (!row || row.embedding.byteLength !== dimensions * 4) continue;
          ordinals[n] = row.ordinal;
          readVectorInto(row.embedding, vectors, n * dimensions);
          normalise(vectors, n * dimensions, dimensions);
          n++;
        }
        blocks.push({
          fileId,
          dimensions,
          ordinals: ordinals.subarray(0, n),
          vectors: vectors.subarray(0, n * dimensions),
        });
        start = end;
      }
    }
    return blocks;
  }

  /** Brings the user's entry up to date with the files embedded now; loads only what is new. */
  async function refresh(userId: string, previous: UserVectors | undefined): Promise<UserVectors> {
    const ids = await embeddedFileIds(userId);
    const files = new Map<string, FileBlock>();
    const missing: string[] = [];
    for (const id of ids) {
      const block = previous?.files.get(id);
      if (block) files.set(id, block);
      else missing.push(id);
    }
    for (const block of await loadBlocks(userId, missing)) files.set(block.fileId, block);
    let bytes = 0;
    for (const block of files.values())
      bytes += block.vectors.byteLength + block.ordinals.byteLength;
    return { fingerprint: fingerprintOf(ids), files, bytes };
  }

  async function vectorsOf(userId: string): Promise<UserVectors> {
    const cached = users.get(userId);
    const fingerprint = await currentFingerprint(userId);
    if (cached && cached.fingerprint === fingerprint) {
      users.delete(userId);
      users.set(userId, cached);
      return cached;
    }
    // One load per user at a time; concurrent searches of the same person share it.
    let pending = loading.get(userId);
    if (!pending) {
      pending = refresh(userId, cached).finally(() => loading.delete(userId));
      loading.set(userId, pending);
    }
    const entry = await pending;
    users.delete(userId);
    users.set(userId, entry);
    evict(userId);
    return entry;
  }

  return {
    async nearest({ userId, query: pending, limit, fileIds }) {
      const [entry, query] = await Promise.all([vectorsOf(userId), pending]);
      const dimensions = query.length;
      const q = Float32Array.from(query);
      normalise(q, 0, dimensions);
      const top = new TopHits(limit);
      let floor = top.floor;
      for (const block of entry.files.values()) {
        if (fileIds && !fileIds.has(block.fileId)) continue;
        if (block.dimensions !== dimensions) {
          if (!warnedDimensions)
            options.logger?.warn(
              { fileId: block.fileId, stored: block.dimensions, query: dimensions, model },
              "stored embeddings have other dimensions than the query's: that file is not scored",
            );
          warnedDimensions = true;
          continue;
        }
        const { vectors, ordinals } = block;
        for (let row = 0; row < ordinals.length; row++) {
          const dot = dotAt(vectors, row * dimensions, q);
          if (dot > floor) {
            top.add(block.fileId, ordinals[row] as number, dot);
            floor = top.floor;
          }
        }
      }
      return top.hits;
    },
    stats() {
      const files = new Map<string, string[]>();
      for (const [userId, entry] of users) files.set(userId, [...entry.files.keys()]);
      return { users: users.size, bytes: totalBytes(), files };
    },
  };
}
