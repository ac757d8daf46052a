import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";
import { queryWords } from "../../lib/text-tokens.ts";
import type { SearchProvider, SearchResponse, SearchResult } from "./types.ts";

/** A result with the score its corpus gave it; corpora are merged by score. */
export interface ScoredSearchResult extends SearchResult {
  score: number;
}

/** A query prepared once for every corpus. */
export interface LocalQuery {
  /** As typed, for websearch_to_tsquery: a precise match ("phrases" included) ranks higher. */
  text: string;
  /** Distinct content words (letters and digits only, stop words dropped): safe tsquery terms. */
  words: string[];
}

/**
 * A body of text local search covers. The built-in knowledge base is one; the user's own
 * documents join as another (it receives userId and must return only that user's passages).
 * Scores should be comparable with the knowledge corpus's (ts_rank_cd with the same weights).
 */
export interface LocalCorpus {
  readonly name: string;
  search(options: {
    query: LocalQuery;
    limit: number;
    userId?: string;
    /** Only these of the user's files (the ones attached to a question); corpora of no files ignore it. */
    fileIds?: readonly string[];
    signal?: AbortSignal;
  }): Promise<ScoredSearchResult[]>;
}

const DEFAULT_LIMIT = 8;
/** Every word of the question in the passage's heading (or, for an introduction, the title). */
const HEADING_MATCH_BONUS = 0.5;

const HEADLINE_OPTIONS =
  'MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

interface KnowledgeRow extends Record<string, unknown> {
  title: string;
  heading: string | null;
  url: string;
  content: string;
  snippet: string;
  score: number;
}

/** Title of a passage as a source: "Document — Heading" (or the document title alone). */
export function passageTitle(title: string, heading: string | null): string {
  return heading ? `${title} — ${heading}` : title;
}

/**
 * PostgreSQL full-text search over knowledge_chunks. A passage matches the precise
 * websearch_to_tsquery('english', q) or any content word of q, in the 'english' configuration
 * (stems, for natural questions) or the 'simple' one (unstemmed names and short words). The score
 * is BM25-like: Σ idf(word) × ts_rank_cd (title A, heading B, content C, length-normalised), plus
 * ts_rank_cd of the precise match, plus a bonus when the heading (or title) holds every word.
 * A "-word" exclusion is not enforced (natural questions do not use it).
 */
export function createKnowledgeCorpus(options: { db: Db }): LocalCorpus {
  return {
    name: "knowledge",
    async search({ query, limit }) {
      if (query.words.length === 0) return [];
      const result = await options.db.execute<KnowledgeRow>(sql`
        with terms as (
          select t.word, to_tsquery('english', t.word) as en, to_tsquery('simple', t.word) as si
          from unnest(string_to_array(${query.words.join(" ")}, ' ')) as t(word)
        ), corpus as (
          select count(*)::float8 as total from knowledge_chunks
        ), weighted as (
          select terms.en, terms.si,
                 ln(1 + (corpus.total - df.hits + 0.5) / (df.hits + 0.5)) as idf
          from terms, corpus, lateral (
            select count(*)::float8 as hits from knowledge_chunks c
            where c.search_vector @@ terms.en or c.simple_vector @@ terms.si
          ) df
        ), q as (
          select websearch_to_tsquery('english', ${query.text}) as web,
                 to_tsquery('english', ${query.words.join(" | ")}) as en,
                 to_tsquery('simple', ${query.words.join(" | ")}) as si
        ), hits as (
          select c.id, c.title, c.heading, c.url, c.content,
                 sum(w.idf * (ts_rank_cd(c.search_vector, w.en, 1)
                   + 0.5 * ts_rank_cd(c.simple_vector, w.si, 1)))
                   + max(case when c.search_vector @@ q.web then ts_rank_cd(c.search_vector, q.web, 1) else 0 end)
                   + max(case when to_tsvector('english', coalesce(c.heading, c.title)) @@ q.web then ${HEADING_MATCH_BONUS}::float8 else 0 end)
                   as score
          from knowledge_chunks c
          join weighted w on c.search_vector @@ w.en or c.simple_vector @@ w.si
          cross join q
          group by c.id
          order by score desc, c.id
          limit ${limit}
        )
        select hits.title, hits.heading, hits.url, hits.content, hits.score::float8 as score,
               ts_headline('english', hits.content, q.en || q.si, ${HEADLINE_OPTIONS}) as snippet
        from hits, q
        order by hits.score desc, hits.id
      `);
      return result.rows.map((row) => ({
        title: passageTitle(row.title, row.heading),
        url: row.url,
        snippet: row.snippet.replace(/\s+/g, " ").trim(),
        content: row.content,
        ...(row.heading ? { heading: row.heading } : {}),
        source: "knowledge" as const,
        score: Number(row.score),
      }));
    },
  };
}

/** The product's own name, as a question about it says it ("How do I sign in to Nexus?"). */
const PRODUCT_NAME = /\bnexus\b/i;

/** Whether a question is about the product itself (its help guides may answer it). */
export function namesProduct(question: string): boolean {
  return PRODUCT_NAME.test(question);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
}

/**
 * SEARCH_PROVIDER=local: the knowledge base plus any further corpora (the user's documents, once
 * files exist: pass them in `corpora`). Text only: images and videos are always empty, and
 * categories are ignored because every corpus is plain text.
 */
export function createLocalSearch(options: {
  db: Db;
  /** Results per page (default 8). */
  limit?: number;
  corpora?: LocalCorpus[];
  /**
   * The built-in knowledge base (the product's help guides): true (default) searched beside the
   * other corpora; false never (a question with attached files); "product" only for a question
   * about the product itself, or when the other corpora (the person's files) find nothing (the
   * Local focus: an answer about files never mixes in help pages).
   */
  knowledge?: boolean | "product";
}): SearchProvider {
  const perPage = options.limit ?? DEFAULT_LIMIT;
  const knowledge = options.knowledge === false ? null : createKnowledgeCorpus({ db: options.db });
  const others = options.corpora ?? [];
  const knowledgeFirst = options.knowledge !== "product";
  return {
    name: "local",
    async search({ query, page, userId, fileIds, signal }): Promise<SearchResponse> {
      throwIfAborted(signal);
      const prepared: LocalQuery = { text: query.trim(), words: queryWords(query) };
      const pageIndex = Math.max(1, Math.floor(page ?? 1)) - 1;
      const limit = perPage * (pageIndex + 1);
      const searchIn = (corpus: LocalCorpus) =>
        corpus.search({
          query: prepared,
          limit,
          ...(userId ? { userId } : {}),
          ...(fileIds ? { fileIds } : {}),
          ...(signal ? { signal } : {}),
        });
      let found: ScoredSearchResult[][];
      if (knowledge && knowledgeFirst) {
        found = await Promise.all([knowledge, ...others].map(searchIn));
      } else {
        found = await Promise.all(others.map(searchIn));
        throwIfAborted(signal);
        const nothing = found.every((results) => results.length === 0);
        if (knowledge && (nothing || namesProduct(prepared.text)))
          found.push(await searchIn(knowledge));
      }
      throwIfAborted(signal);
      const results = found
        .flat()
        .sort((a, b) => b.score - a.score)
        .slice(pageIndex * perPage, limit)
        .map(({ score: _score, ...result }) => result);
      return { results, images: [], videos: [] };
    },
  };
}
