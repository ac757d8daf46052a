import { fileCitationTitle } from "@nexus/contracts";
import type { Db } from "@nexus/db";
import { type SQL, sql } from "drizzle-orm";
import type { LocalCorpus, ScoredSearchResult } from "./local.ts";

interface FileChunkRow extends Record<string, unknown> {
  file_id: string;
  name: string;
  page: number;
  heading_path: string;
  content: string;
  snippet: string;
  score: number;
}

/** How much a file passage outweighs a knowledge-base passage of the same rank: they are yours. */
const FILE_WEIGHT = 2;
/**
 * Candidates ranked per query at most: passages with every word first (up to STRICT), and only
 * when they are fewer than asked for, passages with any word (up to LOOSE). A very common word
 * stops at this many candidates.
 */
const STRICT_CANDIDATES = 300;
const LOOSE_CANDIDATES = 500;

const HEADLINE_OPTIONS =
  'MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

/** Passages of the scoped files that open them: for a question none of their passages matches. */
async function openingPassages(options: {
  db: Db;
  userId: string;
  scope: SQL;
  limit: number;
}): Promise<FileChunkRow[]> {
  const result = await options.db.execute<FileChunkRow>(sql`
    select c.file_id, f.name, c.page, c.heading_path, c.content, 0::float8 as score,
           left(c.content, 240) as snippet
    from file_chunks c join files f on f.id = c.file_id
    where c.user_id = ${options.userId} ${options.scope} and f.status = 'ready'
    order by c.ordinal, c.file_id
    limit ${options.limit}
  `);
  return result.rows;
}

/**
 * The person's ready files as a local-search corpus: PostgreSQL full-text over file_chunks through
 * the (user_id, search_vector) GIN index, only that user's rows (no user id: nothing). A source is
 * titled "file name, p. N" and links to the file's download. With `fileIds` (the files attached to
 * a question) only those files are searched, and when none of their passages matches ("summarise
 * this"), their opening passages are the sources.
 */
export function createFilesCorpus(options: { db: Db }): LocalCorpus {
  return {
    name: "files",
    async search({ query, limit, userId, fileIds }) {
      if (!userId) return [];
      const scoped = fileIds !== undefined && fileIds.length > 0;
      const scope = scoped ? sql`and c.file_id in ${fileIds}` : sql``;
      if (query.words.length === 0)
        return scoped ? toResults(await openingPassages({ ...options, userId, scope, limit })) : [];
      // Every word (websearch syntax: quoted phrases too) before any word: a question's passage
      // usually holds all its words, and ranking a few hundred rows is what keeps this fast.
      const result = await options.db.execute<FileChunkRow>(sql`
        with q as (
          select websearch_to_tsquery('english', ${query.text}) as web,
                 to_tsquery('english', ${query.words.join(" | ")}) as en
        ), strict as (
          select c.file_id, c.ordinal, c.page, c.heading_path, c.content, c.search_vector
          from file_chunks c, q
          where c.user_id = ${userId} ${scope} and c.search_vector @@ q.web
          limit ${STRICT_CANDIDATES}
        ), loose as (
          select c.file_id, c.ordinal, c.page, c.heading_path, c.content, c.search_vector
          from file_chunks c, q
          where (select count(*) from strict) < ${limit}
            and c.user_id = ${userId} ${scope} and c.search_vector @@ q.en
            and not c.search_vector @@ q.web
          limit ${LOOSE_CANDIDATES}
        ), candidates as (
          select * from strict union all select * from loose
        ), hits as (
          select c.*, ts_rank_cd(c.search_vector, q.en, 1)
                 + case when c.search_vector @@ q.web then ts_rank_cd(c.search_vector, q.web, 1) else 0 end
                 as score
          from candidates c, q
          -- a file still being indexed (or failed) has chunks but is not searched yet
          where exists (select 1 from files f where f.id = c.file_id and f.status = 'ready')
          order by score desc, c.file_id, c.ordinal
          limit ${limit}
        )
        select hits.file_id, f.name, hits.page, hits.heading_path, hits.content,
               (hits.score * ${FILE_WEIGHT})::float8 as score,
               ts_headline('english', hits.content, q.en, ${HEADLINE_OPTIONS}) as snippet
        from hits join files f on f.id = hits.file_id, q
        order by hits.score desc, hits.file_id, hits.ordinal
      `);
      if (result.rows.length === 0 && scoped)
        return toResults(await openingPassages({ ...options, userId, scope, limit }));
      return toResults(result.rows);
    },
  };
}

function toResults(rows: readonly FileChunkRow[]): ScoredSearchResult[] {
  return rows.map((row) => ({
    title: fileCitationTitle(row.name, row.page),
    url: `/api/files/${row.file_id}/download#page=${row.page}`,
    snippet: row.snippet.replace(/\s+/g, " ").trim(),
    content: row.content,
    ...(row.heading_path ? { heading: row.heading_path } : {}),
    source: "file" as const,
    score: Number(row.score),
  }));
}
