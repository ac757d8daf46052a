import { fileCitationUrl } from "@nexus/contracts";
import type { Db } from "@nexus/db";
import { type SQL, sql } from "drizzle-orm";
import type { Embedder } from "../../ai/embeddings.ts";
import type { Logger } from "../../lib/logger.ts";
import { mergeSamePage, type PlacedRow, placeColumns, placedTitle } from "./file-places.ts";
import { createFileVectorIndex, type FileVectorIndex, type VectorHit } from "./file-vectors.ts";
import type { LocalCorpus, LocalQuery, ScoredSearchResult } from "./local.ts";
import { createPgvectorIndex, usesPgvector } from "./pgvector.ts";
import { queryWithSettings } from "./query-with-settings.ts";

/** How much a file passage outweighs a knowledge-base passage of the same rank: they are yours. */
const FILE_WEIGHT = 2;
/**
 * Candidates ranked per query at most: passages with every word first (up to STRICT), and only
 * when they are fewer than asked for, passages with any word (up to LOOSE). A very common word
 * stops at this many candidates.
 */
const STRICT_CANDIDATES = 300;
const LOOSE_CANDIDATES = 500;
/** The candidates ranked precisely (ts_rank_cd): the best by ts_rank, this many per result wanted. */
const SHORTLIST_PER_RESULT = 8;
const SHORTLIST_MIN = 64;

/** Reciprocal Rank Fusion's k: a passage's fused score is Σ 1 / (k + rank) over the rankings. */
export const RRF_K = 60;
/** Passages taken from each ranking (full-text, meaning) before they are fused. */
const FUSION_DEPTH = 50;
/** Time the query's embedding may take (retries included) before full-text answers alone. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 5_000;
/**
 * A passage found by meaning only has no full-text score to be merged with the knowledge base's
 * by: FILE_WEIGHT × this × its cosine similarity stands in (cosine 0.8 ≈ a good full-text match).
 */
const SEMANTIC_SCORE = 0.25;

const HEADLINE_OPTIONS =
  'MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

interface RankedRow extends Record<string, unknown> {
  file_id: string;
  ordinal: number;
  score: number;
}

interface DetailRow extends PlacedRow, Record<string, unknown> {
  snippet: string;
}

/**
 * The query's two tsqueries as expressions: `web` (websearch syntax, every word, quoted phrases)
 * and `en` (any of the words). They are written out where they are used rather than computed once
 * in a CTE, so that PostgreSQL plans with their values: it estimates from the column's word
 * statistics how many of the person's passages match and chooses the GIN index for rare words and
 * the person's rows in index order (stopping at the candidates wanted) for common ones. A CTE hides
 * the values, and every query then built the GIN bitmap of all matches (100,000 rows for a
 * question whose words are everywhere) to keep a few hundred of them.
 */
function tsQueries(query: LocalQuery): { web: SQL; en: SQL } {
  return {
    web: sql`websearch_to_tsquery('english', ${query.text})`,
    en: sql`to_tsquery('english', ${query.words.join(" | ")})`,
  };
}

/**
 * The full-text candidates and their ranking, as CTEs `strict` … `hits` (file_id, ordinal, page,
 * heading_path, content, score) over the user's ready files: passages with every word first (websearch
 * syntax: quoted phrases too), passages with any word only when those are too few — a question's
 * passage usually holds all its words, and ranking a few hundred rows is what keeps this fast.
 * Run it through `withoutSeqScan`.
 */
function fullTextHits(query: LocalQuery, userId: string, limit: number, scope: SQL): SQL {
  const { web, en } = tsQueries(query);
  return sql`
    strict as (
      select c.file_id, c.ordinal, c.page, c.char_start, c.heading_path, c.content, c.search_vector,
             true as precise
      from file_chunks c
      where c.user_id = ${userId} ${scope} and c.search_vector @@ ${web}
      limit ${STRICT_CANDIDATES}
    ), loose as (
      select c.file_id, c.ordinal, c.page, c.char_start, c.heading_path, c.content, c.search_vector,
             false as precise
      from file_chunks c
      where (select count(*) from strict) < ${limit}
        and c.user_id = ${userId} ${scope} and c.search_vector @@ ${en}
        and not c.search_vector @@ ${web}
      limit ${LOOSE_CANDIDATES}
    ), candidates as (
      select * from strict union all select * from loose
    ), shortlist as (
      -- ts_rank_cd (cover density) costs ~10 µs a passage, ts_rank a tenth of that: the cheap one
      -- shortlists, the precise one orders the shortlist.
      select c.* from candidates c
      -- a file still being indexed (or failed) has chunks but is not searched yet
      where exists (select 1 from files f where f.id = c.file_id and f.status = 'ready')
      order by ts_rank(c.search_vector, ${en}, 1) + case when c.precise then 1 else 0 end desc,
               c.file_id, c.ordinal
      limit ${Math.max(limit * SHORTLIST_PER_RESULT, SHORTLIST_MIN)}
    ), hits as (
      -- A precise passage (strict) matches the websearch query; a loose one never does.
      select c.*, ts_rank_cd(c.search_vector, ${en}, 1)
             + case when c.precise then ts_rank_cd(c.search_vector, ${web}, 1) else 0 end
             as score
      from shortlist c
      order by score desc, c.file_id, c.ordinal
      limit ${limit}
    )`;
}

/**
 * Runs a full-text query with sequential scans off (for this transaction only). The candidates are
 * then always the first ones in the table's order, from the GIN index or the person's rows of the
 * user_id index, the same either way: a sequential scan, which the planner may prefer for a very
 * common word, reads the whole table when the person's rows lie at its end, and on a large table
 * starts where the previous scan stopped (synchronised scans), so the same question could be
 * answered from other candidates. Parallel workers are off too: starting them costs more than these
 * few hundred rows.
 */
function withoutSeqScan<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  /** Called once the query itself is on its way to PostgreSQL. */
  onSent?: () => void,
): Promise<{ rows: T[] }> {
  return queryWithSettings<T>(
    db,
    { enable_seqscan: "off", max_parallel_workers_per_gather: "0" },
    query,
    onSent,
  );
}

/** One source per label (file-places.ts: passages of one page, slide, section or sheet merge). */
function toResults(rows: readonly DetailRow[], scoreOf: (row: DetailRow) => number) {
  return mergeSamePage(rows, scoreOf).map(({ row, rows: span, score }) =>
    toResult(row, score, span),
  );
}

function toResult(
  row: DetailRow,
  score: number,
  rows?: [number, number] | undefined,
): ScoredSearchResult {
  return {
    title: placedTitle(row, rows),
    url: fileCitationUrl(row.file_id, row.page, row.ordinal),
    snippet: row.snippet.replace(/\s+/g, " ").trim(),
    content: row.content,
    ...(row.heading_path ? { heading: row.heading_path } : {}),
    source: "file" as const,
    score,
  };
}

/** Full-text only: the passages with their headlines in one query (no EMBEDDING_MODEL). */
async function fullTextSearch(
  db: Db,
  query: LocalQuery,
  userId: string,
  limit: number,
  scope: SQL,
): Promise<ScoredSearchResult[]> {
  const result = await withoutSeqScan<DetailRow & { score: number }>(
    db,
    sql`
    with ${fullTextHits(query, userId, limit, scope)}
    select hits.file_id, hits.ordinal, f.name, hits.page, hits.heading_path, hits.content,
           ${placeColumns("hits", "f")},
           (hits.score * ${FILE_WEIGHT})::float8 as score,
           ts_headline('english', hits.content, ${tsQueries(query).en}, ${HEADLINE_OPTIONS}) as snippet
    from hits join files f on f.id = hits.file_id
    order by hits.score desc, hits.file_id, hits.ordinal
  `,
  );
  return toResults(result.rows, (row) => Number(row.score));
}

const keyOf = (hit: { fileId: string; ordinal: number }) => `${hit.fileId}:${hit.ordinal}`;

/**
 * Reciprocal Rank Fusion: each ranking (best first) gives an item 1 / (k + rank), rank from 1;
 * items are ordered by the sum, ties by their best single rank, then by first appearance.
 */
export function reciprocalRankFusion(rankings: string[][], k = RRF_K): string[] {
  const fused = new Map<string, { score: number; best: number; first: number }>();
  let seen = 0;
  for (const ranking of rankings) {
    ranking.forEach((key, index) => {
      const entry = fused.get(key);
      const rank = index + 1;
      if (entry) {
        entry.score += 1 / (k + rank);
        entry.best = Math.min(entry.best, rank);
      } else fused.set(key, { score: 1 / (k + rank), best: rank, first: seen++ });
    });
  }
  return [...fused.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.best - b.best || a.first - b.first)
    .map(([key]) => key);
}

/**
 * Full-text and meaning, fused by RRF. The query is embedded once, in parallel with the
 * full-text ranking; if that fails (or takes longer than QUERY_EMBEDDING_TIMEOUT_MS) the answer
 * is the full-text one, with a warning in the log.
 */
async function hybridSearch(options: {
  db: Db;
  embedder: Embedder;
  vectors: FileVectorIndex;
  logger: Logger | undefined;
  query: LocalQuery;
  userId: string;
  limit: number;
  signal: AbortSignal | undefined;
  scope: SQL;
  fileIds: ReadonlySet<string> | undefined;
}): Promise<ScoredSearchResult[]> {
  const { db, query, userId, limit } = options;
  const depth = Math.max(limit, FUSION_DEPTH);
  // The scoring by meaning (CPU in this process) waits until the full-text query has been sent,
  // so that PostgreSQL runs it meanwhile (its transaction takes two round trips before it).
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const fullTextRanking = withoutSeqScan<RankedRow>(
    db,
    sql`
      with ${fullTextHits(query, userId, depth, options.scope)}
      select file_id, ordinal, (score * ${FILE_WEIGHT})::float8 as score from hits
      order by score desc, file_id, ordinal`,
    markSent,
  );
  fullTextRanking.then(markSent, markSent);
  const semantic = async (): Promise<VectorHit[]> => {
    try {
      // The user's vectors are checked (and loaded if they changed) while the query is embedded.
      const vector = options.embedder
        .embed([query.text], {
          timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS,
          ...(options.signal ? { signal: options.signal } : {}),
        })
        .then(async ([v]) => {
          await sent;
          return v ?? new Float32Array();
        });
      return await options.vectors.nearest({
        userId,
        query: vector,
        limit: depth,
        ...(options.fileIds ? { fileIds: options.fileIds } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      options.logger?.warn(
        { err: error, model: options.embedder.model },
        "search by meaning failed: files are searched by full-text only",
      );
      return [];
    }
  };
  const [ranked, nearest] = await Promise.all([fullTextRanking, semantic()]);
  const fullText = ranked.rows.map((r) => ({
    fileId: r.file_id,
    ordinal: r.ordinal,
    score: Number(r.score),
  }));
  const fused = reciprocalRankFusion([fullText.map(keyOf), nearest.map(keyOf)]).slice(0, limit);
  if (fused.length === 0) return [];
  // Scores for merging with the knowledge base: the n-th passage gets the n-th best full-text
  // score (so fusion reorders file passages without lifting them over other sources), one found
  // by meaning alone beyond those a score from its similarity; never more than the one before.
  const fullTextScore = new Map(fullText.map((h) => [keyOf(h), h.score]));
  const similarity = new Map(nearest.map((h) => [keyOf(h), h.similarity]));
  const scores = new Map<string, number>();
  let previous = Infinity;
  fused.forEach((key, index) => {
    const own =
      fullText[index]?.score ??
      fullTextScore.get(key) ??
      FILE_WEIGHT * SEMANTIC_SCORE * Math.max(0, similarity.get(key) ?? 0);
    previous = Math.min(previous, own);
    scores.set(key, previous);
  });
  const fileIds = fused.map((key) => key.split(":")[0]);
  const ordinals = fused.map((key) => Number(key.split(":")[1]));
  const details = await db.execute<DetailRow>(sql`
    with q as (select to_tsquery('english', ${query.words.join(" | ")}) as en),
    keys as (
      select * from unnest(${`{${fileIds.join(",")}}`}::uuid[], ${`{${ordinals.join(",")}}`}::int[])
        with ordinality as k(file_id, ordinal, rank)
    )
    select c.file_id, c.ordinal, f.name, c.page, c.heading_path, c.content, ${placeColumns("c", "f")},
           ts_headline('english', c.content, q.en, ${HEADLINE_OPTIONS}) as snippet
    from keys k
    join file_chunks c on c.file_id = k.file_id and c.ordinal = k.ordinal and c.user_id = ${userId}
    join files f on f.id = c.file_id and f.user_id = ${userId} and f.status = 'ready'
    cross join q
    order by k.rank`);
  return toResults(
    details.rows,
    (row) => scores.get(keyOf({ fileId: row.file_id, ordinal: row.ordinal })) ?? 0,
  );
}

/** Passages of the scoped files that open them: for a question none of their passages matches. */
async function openingPassages(options: {
  db: Db;
  userId: string;
  scope: SQL;
  limit: number;
}): Promise<ScoredSearchResult[]> {
  const result = await options.db.execute<DetailRow>(sql`
    select c.file_id, c.ordinal, f.name, c.page, c.heading_path, c.content, ${placeColumns("c", "f")},
           left(c.content, 240) as snippet
    from file_chunks c join files f on f.id = c.file_id
    where c.user_id = ${options.userId} ${options.scope} and f.status = 'ready'
    order by c.ordinal, c.file_id
    limit ${options.limit}
  `);
  return toResults(result.rows, () => 0);
}

/**
 * The search by meaning: in PostgreSQL when it has pgvector (pgvector.ts), otherwise in this
 * process over the person's vectors held in memory (file-vectors.ts). `stats` is the in-process
 * index's (empty while pgvector answers).
 */
function vectorIndex(options: Parameters<typeof createFileVectorIndex>[0]): FileVectorIndex {
  const inProcess = createFileVectorIndex(options);
  const inDatabase = createPgvectorIndex(options);
  return {
    async nearest(query) {
      return (await usesPgvector(options.db))
        ? inDatabase.nearest(query)
        : inProcess.nearest(query);
    },
    stats: () => inProcess.stats(),
  };
}

/**
 * The person's ready files as a local-search corpus: PostgreSQL full-text over file_chunks through
 * the (user_id, search_vector) GIN index, only that user's rows (no user id: nothing). With an
 * embedder (EMBEDDING_MODEL), the passages nearest the query's embedding (pgvector.ts when the
 * database has pgvector, else file-vectors.ts) are fused with the full-text ranking by RRF (k = 60). A source is titled by where it is (file-places.ts:
 * "report.pdf, p. 3", "sales.xlsx, Sheet Q1, rows 2–40"), passages labelled alike merged, and links
 * to the file's download. With `fileIds` (the files attached to a question) only those files are
 * searched, and when none of their passages matches ("summarise this"), their opening passages are
 * the sources.
 */
export function createFilesCorpus(options: {
  db: Db;
  embedder?: Embedder | null;
  /** Memory for the per-user vectors (EMBEDDING_CACHE_MB); 256 MB by default. */
  vectorCacheBytes?: number;
  logger?: Logger;
}): LocalCorpus & { vectors: FileVectorIndex | null } {
  const { db, embedder, logger } = options;
  const vectors = embedder
    ? vectorIndex({
        db,
        model: embedder.model,
        maxBytes: options.vectorCacheBytes ?? 256 * 1024 * 1024,
        ...(logger ? { logger } : {}),
      })
    : null;
  return {
    name: "files",
    vectors,
    async search({ query, limit, userId, fileIds, signal }) {
      if (!userId) return [];
      const scoped = fileIds !== undefined && fileIds.length > 0;
      const scope = scoped ? sql`and c.file_id in ${fileIds}` : sql``;
      const opening = () => openingPassages({ db, userId, scope, limit });
      if (query.words.length === 0) return scoped ? opening() : [];
      const found =
        embedder && vectors
          ? await hybridSearch({
              db,
              embedder,
              vectors,
              logger,
              query,
              userId,
              limit,
              signal,
              scope,
              fileIds: scoped ? new Set(fileIds) : undefined,
            })
          : await fullTextSearch(db, query, userId, limit, scope);
      return found.length === 0 && scoped ? opening() : found;
    },
  };
}
