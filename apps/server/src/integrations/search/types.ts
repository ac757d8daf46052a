/**
 * The search provider interface (SearXNG, Tavily, Brave, local). Providers return what the answer
 * pipeline numbers as sources; `content` is the passage text when the provider already has it
 * (local search), so the pipeline need not fetch the page.
 */

/** Where a result came from: the knowledge base, the user's files, or a web search provider. */
export type SearchResultSource = "knowledge" | "file" | "web";

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  content?: string;
  /** The heading of the passage within its document, when the provider knows it. */
  heading?: string;
  source: SearchResultSource;
  /** The engine(s) that found it, when a web provider says so ("google, bing"). */
  engine?: string;
  /** Publication date as the provider gave it (ISO 8601 or the provider's own wording). */
  publishedDate?: string;
  /** An http(s) picture of the result (news thumbnails), when the provider gives one. */
  imageUrl?: string;
}

export interface SearchImage {
  /** The full image. */
  url: string;
  title?: string;
  thumbnailUrl?: string;
  /** The page the image appears on. */
  pageUrl?: string;
}

export interface SearchVideo {
  /** The video's page. */
  url: string;
  title?: string;
  thumbnailUrl?: string;
  /** An embeddable player address, when the provider gives one. */
  embedUrl?: string;
}

export interface SearchOptions {
  query: string;
  /** Provider categories (SearXNG: general, images, videos, science, news). */
  categories?: string[];
  /** 1-based page of results. */
  page?: number;
  /** Preferred result language ("en", "de-CH"); providers that cannot filter ignore it. */
  language?: string;
  /** The signed-in user, whose own documents local search may include. */
  userId?: string;
  /** Local search: only these of the user's files (attached to the question). */
  fileIds?: readonly string[];
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
