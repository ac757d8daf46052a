import type { Db } from "@nexus/db";
import type { Embedder } from "../../ai/embeddings.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";
import { createBraveSearch } from "./brave.ts";
import { createFilesCorpus } from "./files-corpus.ts";
import { createLocalSearch, type LocalCorpus } from "./local.ts";
import type { WebFetchClient } from "./search-http.ts";
import type { SearchLimits } from "./search-results.ts";
import { createSearxngSearch, type ResolveAddresses } from "./searxng.ts";
import { createTavilySearch } from "./tavily.ts";
import type { SearchProvider } from "./types.ts";

export type SearchEnv = Pick<
  Env,
  "SEARCH_PROVIDER" | "SEARXNG_URL" | "TAVILY_API_KEY" | "BRAVE_API_KEY" | "EMBEDDING_CACHE_MB"
>;

/** A provider setting that env parsing should have caught; thrown at start-up, never later. */
function missing(name: string, provider: string): never {
  throw new Error(`${name} is required when SEARCH_PROVIDER=${provider}`);
}

/**
 * The one search provider SEARCH_PROVIDER names (default local). There is no fallback: a
 * configured web provider that fails raises SearchUnavailableError ("unavailable") for the
 * caller to show.
 */
export function createSearchProvider(options: {
  env: SearchEnv;
  db: Db;
  webFetch: WebFetchClient;
  /** EMBEDDING_MODEL (models.embedder): the files corpus fuses meaning with full-text. */
  embedder?: Embedder | null;
  /** Warnings of the files corpus (a failed query embedding). */
  logger?: Logger;
  /** Further local corpora (the user's documents). */
  corpora?: LocalCorpus[];
  limits?: Partial<SearchLimits>;
  timeoutMs?: number;
  /** Stand-in API addresses for tests. */
  baseUrls?: { tavily?: string; brave?: string };
  resolveAddresses?: ResolveAddresses;
}): SearchProvider {
  const { env, webFetch } = options;
  const common = {
    webFetch,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  switch (env.SEARCH_PROVIDER) {
    case "local":
      return createLocalSearch({
        db: options.db,
        ...(options.limits?.results ? { limit: options.limits.results } : {}),
        // The person's own ready files always join the knowledge base.
        corpora: [
          createFilesCorpus({
            db: options.db,
            embedder: options.embedder ?? null,
            vectorCacheBytes: env.EMBEDDING_CACHE_MB * 1024 * 1024,
            ...(options.logger ? { logger: options.logger } : {}),
          }),
          ...(options.corpora ?? []),
        ],
      });
    case "searxng":
      return createSearxngSearch({
        ...common,
        baseUrl: env.SEARXNG_URL ?? missing("SEARXNG_URL", "searxng"),
        ...(options.resolveAddresses ? { resolveAddresses: options.resolveAddresses } : {}),
      });
    case "tavily":
      return createTavilySearch({
        ...common,
        apiKey: env.TAVILY_API_KEY ?? missing("TAVILY_API_KEY", "tavily"),
        ...(options.baseUrls?.tavily ? { baseUrl: options.baseUrls.tavily } : {}),
      });
    case "brave":
      return createBraveSearch({
        ...common,
        apiKey: env.BRAVE_API_KEY ?? missing("BRAVE_API_KEY", "brave"),
        ...(options.baseUrls?.brave ? { baseUrl: options.baseUrls.brave } : {}),
      });
  }
}
