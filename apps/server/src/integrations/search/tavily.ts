import { z } from "zod";
import { fetchProviderJson, type WebFetchClient } from "./search-http.ts";
import {
  dedupeByUrl,
  defined,
  plainText,
  resolveLimits,
  type SearchLimits,
  webUrl,
} from "./search-results.ts";
import type { SearchImage, SearchProvider, SearchResponse, SearchResult } from "./types.ts";

const NAME = "Tavily";
export const TAVILY_BASE_URL = "https://api.tavily.com";
/** Tavily's own ceiling on max_results. */
const TAVILY_MAX_RESULTS = 20;

const text = z.string().nullish();
const tavilyResponse = z.looseObject({
  results: z.array(z.looseObject({ url: text, title: text, content: text, published_date: text })),
  images: z.array(z.union([z.string(), z.looseObject({ url: text, description: text })])).nullish(),
});

/**
 * SEARCH_PROVIDER=tavily: POST {baseUrl}/search (search_depth basic, with images). Tavily has no
 * paging, so page n asks for n pages' worth of results (up to its ceiling) and keeps the last
 * page. The "news" category selects Tavily's news topic; Tavily has no videos.
 */
export function createTavilySearch(options: {
  apiKey: string;
  webFetch: WebFetchClient;
  /** Default https://api.tavily.com (tests point it at a stand-in). */
  baseUrl?: string;
  limits?: Partial<SearchLimits>;
  timeoutMs?: number;
}): SearchProvider {
  const endpoint = new URL(
    "search",
    `${(options.baseUrl ?? TAVILY_BASE_URL).replace(/\/+$/, "")}/`,
  );
  const limits = resolveLimits(options.limits);
  return {
    name: "tavily",
    async search({ query, categories, page, signal }): Promise<SearchResponse> {
      const pageIndex = Math.max(1, Math.floor(page ?? 1)) - 1;
      const wanted = Math.min(TAVILY_MAX_RESULTS, limits.results * (pageIndex + 1));
      const start = pageIndex * limits.results;
      if (start >= wanted) return { results: [], images: [], videos: [] };
      const answer = await fetchProviderJson({
        webFetch: options.webFetch,
        provider: NAME,
        url: endpoint.href,
        method: "POST",
        body: {
          api_key: options.apiKey,
          query,
          search_depth: "basic",
          topic: categories?.includes("news") ? "news" : "general",
          include_images: true,
          include_image_descriptions: true,
          max_results: wanted,
        },
        schema: tavilyResponse,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(signal ? { signal } : {}),
      });
      const results: SearchResult[] = [];
      for (const item of answer.results) {
        const url = webUrl(item.url);
        if (!url) continue;
        results.push({
          title: plainText(item.title) || url,
          url,
          snippet: plainText(item.content),
          source: "web",
          ...defined({ engine: "tavily", publishedDate: item.published_date }),
        });
      }
      const images: SearchImage[] = [];
      for (const image of answer.images ?? []) {
        const url = webUrl(typeof image === "string" ? image : image.url);
        if (!url) continue;
        const title = typeof image === "string" ? "" : plainText(image.description);
        images.push({ url, ...defined({ title }) });
      }
      return {
        results: dedupeByUrl(results, wanted).slice(start),
        images: pageIndex === 0 ? dedupeByUrl(images, limits.images) : [],
        videos: [],
      };
    },
  };
}
