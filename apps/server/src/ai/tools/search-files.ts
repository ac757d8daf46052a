import type { SearchFilesToolOutput } from "@nexus/contracts";
import { tool } from "ai";
import { z } from "zod";
import { createFilesCorpus } from "../../integrations/search/files-corpus.ts";
import { createLocalSearch } from "../../integrations/search/local.ts";
import type { SearchResult } from "../../integrations/search/types.ts";
import { queryWords } from "../../lib/text-tokens.ts";
import { type ToolContext, toolSignal } from "./tool-context.ts";

/** Passages one search gives the model. */
export const SEARCH_FILES_RESULTS = 6;
/** A search's time budget. */
export const SEARCH_FILES_MS = 10_000;
/** Characters of a passage the model reads (a chunk is ~1,000). */
const PASSAGE_CHARS = 1_500;

/**
 * The passages for `query`: with a custom agent's knowledge (ctx.knowledge), from exactly those
 * files of its owner (full-text over their ready chunks; when none matches, their opening
 * passages), never from any other file; without one (a preset such as NexBuddy), from Nexus's
 * built-in guides. Each passage is numbered into the turn's sources (a file's as "name, p. N",
 * linking to its download, which only the owner can open).
 */
export async function searchFiles(ctx: ToolContext, query: string): Promise<SearchFilesToolOutput> {
  const signal = toolSignal(ctx.signal, SEARCH_FILES_MS);
  const knowledge = ctx.knowledge;
  let found: SearchResult[];
  try {
    if (knowledge) {
      if (knowledge.fileIds.length === 0) return { results: [] };
      found = await createFilesCorpus({ db: ctx.deps.db }).search({
        query: { text: query, words: queryWords(query) },
        limit: SEARCH_FILES_RESULTS,
        userId: knowledge.ownerId,
        fileIds: knowledge.fileIds,
        signal,
      });
    } else {
      const guides = createLocalSearch({ db: ctx.deps.db, limit: SEARCH_FILES_RESULTS });
      found = (await guides.search({ query, signal })).results;
    }
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new Error(
      "The search of the files did not answer. Answer from what you know, and say so.",
    );
  }
  const results = found.slice(0, SEARCH_FILES_RESULTS).map((r) => {
    const text = (r.content ?? r.snippet).slice(0, PASSAGE_CHARS);
    return {
      n: ctx.sources.add({ url: r.url, title: r.title, text }),
      title: r.title,
      url: r.url,
      text,
    };
  });
  return { results };
}

/** Its input (one schema for every turn: toolsFor converts it for the model once). */
const SEARCH_FILES_INPUT = z.object({ query: z.string().trim().min(1).max(300) });

/** The search-files tool (ai/tools, ARCHITECTURE.md §3.1). */
export function searchFilesTool(ctx: ToolContext) {
  return tool({
    description: ctx.knowledge
      ? "Search your knowledge files (the files the person who made you gave you). Returns " +
        'numbered passages (title "file name, p. N", text); cite them as [n].'
      : "Search Nexus's own guides and FAQ. Returns numbered passages (title, text); cite them as [n].",
    inputSchema: SEARCH_FILES_INPUT,
    execute: async ({ query }) => searchFiles(ctx, query),
  });
}
