/**
 * The search provider interface (SearXNG, Tavily, Brave, local). Providers return what the answer
 * pipeline numbers as sources; `content` is the passage text when the provider already has it
 * (local search), so the pipeline need not fetch the page.
 */

export type SearchResultSource = "knowledge" | "file";

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  content?: string;
  /** The heading of the passage within its document, when the provider knows it. */
  heading?: string;
  source: SearchResultSource;
}

export interface SearchImage {
  url: string;
  title?: string;
}

export interface SearchVideo {
  url: string;
  title?: string;
}

export interface SearchOptions {
  query: string;
  /** Provider categories (SearXNG: general, images, videos, science, news). */
  categories?: string[];
  /** 1-based page of results. */
  page?: number;
  /** The signed-in user, whose own documents local search may include. */
  userId?: string;
  signal?: AbortSignal;
}

export interface SearchResponse {
  results: SearchResult[];
  images: SearchImage[];
  videos: SearchVideo[];
}

export interface SearchProvider {
  readonly name: string;
  search(options: SearchOptions): Promise<SearchResponse>;
}
