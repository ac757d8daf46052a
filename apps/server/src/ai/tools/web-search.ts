import type { WebSearchToolOutput } from "@nexus/contracts";
import { tool } from "ai";
import { z } from "zod";
import { type ToolContext, toolSignal } from "./tool-context.ts";

/** Results a search gives the model. */
export const WEB_SEARCH_RESULTS = 6;
/** A search's time budget. */
export const WEB_SEARCH_MS = 10_000;

export type NumberedResult = WebSearchToolOutput["results"][number] & { n: number | null };

/** Searches the web with the server's search provider (SEARCH_PROVIDER). */
export async function webSearch(
  ctx: ToolContext,
  query: string,
): Promise<{ results: NumberedResult[] }> {
  let found: Awaited<ReturnType<ToolContext["deps"]["search"]["search"]>>;
  try {
    found = await ctx.deps.search.search({
      query,
      signal: toolSignal(ctx.signal, WEB_SEARCH_MS),
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new Error("The web search did not answer. Answer from what you know, and say so.");
  }
  const results = found.results.slice(0, WEB_SEARCH_RESULTS).map((r) => {
    ctx.sources.allow(r.url);
    const snippet = r.snippet.slice(0, 400);
    return {
      n: ctx.sources.add({ url: r.url, title: r.title, text: `${r.title}\n${snippet}` }),
      title: r.title,
      url: r.url,
      snippet,
    };
  });
  return { results };
}

/** Its input (one schema for every turn: toolsFor converts it for the model once). */
const WEB_SEARCH_INPUT = z.object({ query: z.string().trim().min(1).max(300) });

/** The web-search tool (ai/tools, ARCHITECTURE.md §3.1). */
export function webSearchTool(ctx: ToolContext) {
  return tool({
    description:
      "Search the web. Returns numbered results (title, url, snippet); cite them as [n]. " +
      "Use read-url on a result to read the whole page.",
    inputSchema: WEB_SEARCH_INPUT,
    execute: async ({ query }) => webSearch(ctx, query),
  });
}
