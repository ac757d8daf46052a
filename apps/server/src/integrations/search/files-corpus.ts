import { fileCitationTitle, fileCitationUrl } from "@nexus/contracts";
import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import type { LocalCorpus } from "./local.ts";

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

/**
 * The person's ready files as a local-search corpus: PostgreSQL full-text over file_chunks through
 * the (user_id, search_vector) GIN index, only that user's rows (no user id: nothing). A source is
 * titled "file name, p. N" and links to the file's download.
 */
export function createFilesCorpus(options: { db: Db }): LocalCorpus {
  return {
    name: "files",
    async search({ query, limit, userId }) {
      if (!userId || query.words.length === 0) return [];
      // Every word (websearch syntax: quoted phrases too) before any word: a question's passage
      // usually holds all its words, and ranking a few hundred rows is what keeps this fast.
      const result = await options.db.execute<FileChunkRow>(sql`
        with q as (
          select websearch_to_tsquery('english', ${query.text}) as web,
                 to_tsquery('english', ${query.words.join(" | ")}) as en
        ), strict as (
          select c.file_id, c.ordinal, c.page, c.heading_path, c.content, c.search_vector
          from file_chunks c, q
          where c.user_id = ${userId} and c.search_vector @@ q.web
          limit ${STRICT_CANDIDATES}
        ), loose as (
          select c.file_id, c.ordinal, c.page, c.heading_path, c.content, c.search_vector
          from file_chunks c, q
          where (select count(*) from strict) < ${limit}
            and c.user_id = ${userId} and c.search_vector @@ q.en
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
      return result.rows.map((row) => ({
        title: fileCitationTitle(row.name, row.page),
        url: fileCitationUrl(row.file_id, row.page),
        snippet: row.snippet.replace(/\s+/g, " ").trim(),
        content: row.content,
        ...(row.heading_path ? { heading: row.heading_path } : {}),
        source: "file" as const,
        score: Number(row.score),
      }));
    },
  };
}
