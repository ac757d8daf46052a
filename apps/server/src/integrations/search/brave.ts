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
import type {
  SearchImage,
  SearchProvider,
  SearchResponse,
  SearchResult,
  SearchVideo,
} from "./types.ts";

const NAME = "Brave Search";
export const BRAVE_BASE_URL = "https://api.search.brave.com";
/** Brave's ceilings: count ≤ 20, offset (a page index) ≤ 9. */
const BRAVE_MAX_COUNT = 20;
const BRAVE_MAX_OFFSET = 9;

const text = z.string().nullish();
const thumbnail = z.looseObject({ src: text }).nullish();
const webResponse = z.looseObject({
  type: z.literal("search"),
  web: z
    .looseObject({
      results: z.array(
        z.looseObject({
          url: text,
          title: text,
          description: text,
          age: text,
          page_age: text,
          profile: z.looseObject({ name: text }).nullish(),
        }),
      ),
    })
    .nullish(),
});
const imagesResponse = z.looseObject({
  type: z.literal("images"),
  results: z.array(
    z.looseObject({
      url: text,
      title: text,
      thumbnail,
      properties: z.looseObject({ url: text }).nullish(),
    }),
  ),
});
const videosResponse = z.looseObject({
  type: z.literal("videos"),
  results: z.array(z.looseObject({ url: text, title: text, thumbnail })),
});

/**
 * SEARCH_PROVIDER=brave: the Brave Search API (X-Subscription-Token). Web results always; the
 * images and videos endpoints in parallel when those categories are asked for.
 */
export function createBraveSearch(options: {
  apiKey: string;
  webFetch: WebFetchClient;
  /** Default https://api.search.brave.com (tests point it at a stand-in). */
  baseUrl?: string;
  limits?: Partial<SearchLimits>;
  timeoutMs?: number;
}): SearchProvider {
  const base = `${(options.baseUrl ?? BRAVE_BASE_URL).replace(/\/+$/, "")}/`;
  const limits = resolveLimits(options.limits);

  function get<T>(request: {
    path: string;
    params: Record<string, string>;
    schema: z.ZodType<T>;
    signal: AbortSignal | undefined;
  }): Promise<T> {
    const url = new URL(request.path, base);
    for (const [key, value] of Object.entries(request.params)) url.searchParams.set(key, value);
    return fetchProviderJson({
      webFetch: options.webFetch,
      provider: NAME,
      url: url.href,
      schema: request.schema,
      headers: { "x-subscription-token": options.apiKey },
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  }

  return {
    name: "brave",
    async search({ query, categories, page, language, signal }): Promise<SearchResponse> {
      const offset = String(Math.min(BRAVE_MAX_OFFSET, Math.max(1, Math.floor(page ?? 1)) - 1));
      const lang: Record<string, string> = language
        ? { search_lang: language.split("-")[0] ?? language }
        : {};
      const count = (n: number) => String(Math.min(BRAVE_MAX_COUNT, n));
      const [web, imageAnswer, videoAnswer] = await Promise.all([
        get({
          path: "res/v1/web/search",
          params: { q: query, count: count(limits.results), offset, ...lang },
          schema: webResponse,
          signal,
        }),
        categories?.includes("images")
          ? get({
              path: "res/v1/images/search",
              params: { q: query, count: count(limits.images), ...lang },
              schema: imagesResponse,
              signal,
            })
          : null,
        categories?.includes("videos")
          ? get({
              path: "res/v1/videos/search",
              params: { q: query, count: count(limits.videos), offset, ...lang },
              schema: videosResponse,
              signal,
            })
          : null,
      ]);
      const results: SearchResult[] = [];
      for (const item of web.web?.results ?? []) {
        const url = webUrl(item.url);
        if (!url) continue;
        results.push({
          title: plainText(item.title) || url,
          url,
          snippet: plainText(item.description),
          source: "web",
          ...defined({ engine: "brave", publishedDate: item.page_age ?? item.age }),
        });
      }
      const images: SearchImage[] = [];
      for (const item of imageAnswer?.results ?? []) {
        const url = webUrl(item.properties?.url) ?? webUrl(item.thumbnail?.src);
        if (!url) continue;
        images.push({
          url,
          ...defined({
            title: plainText(item.title),
            thumbnailUrl: webUrl(item.thumbnail?.src),
            pageUrl: webUrl(item.url),
          }),
        });
      }
      const videos: SearchVideo[] = [];
      for (const item of videoAnswer?.results ?? []) {
        const url = webUrl(item.url);
        if (!url) continue;
        videos.push({
          url,
          ...defined({ title: plainText(item.title), thumbnailUrl: webUrl(item.thumbnail?.src) }),
        });
      }
      return {
        results: dedupeByUrl(results, limits.results),
        images: dedupeByUrl(images, limits.images),
        videos: dedupeByUrl(videos, limits.videos),
      };
    },
  };
}
