import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { z } from "zod";
import { fetchProviderJson, SearchUnavailableError, type WebFetchClient } from "./search-http.ts";
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

const NAME = "SearXNG";
export const SEARXNG_CATEGORIES = ["general", "images", "videos", "science", "news"] as const;

const text = z.string().nullish();
const searxngResponse = z.looseObject({
  results: z.array(
    z.looseObject({
      url: text,
      title: text,
      content: text,
      engine: text,
      engines: z.array(z.string()).nullish(),
      publishedDate: text,
      img_src: text,
      thumbnail_src: text,
      thumbnail: text,
      iframe_src: text,
      category: text,
      template: text,
    }),
  ),
});
type SearxngItem = z.infer<typeof searxngResponse>["results"][number];

export type ResolveAddresses = (hostname: string) => Promise<string[]>;

const systemResolve: ResolveAddresses = async (hostname) =>
  (await lookup(hostname, { all: true })).map((entry) => entry.address);

function toResult(item: SearxngItem): SearchResult | null {
  const url = webUrl(item.url);
  if (!url) return null;
  const engine = item.engines && item.engines.length > 0 ? item.engines.join(", ") : item.engine;
  return {
    title: plainText(item.title) || url,
    url,
    snippet: plainText(item.content),
    source: "web",
    ...defined({
      engine,
      publishedDate: item.publishedDate,
      imageUrl: webUrl(item.img_src) ?? webUrl(item.thumbnail),
    }),
  };
}

function toImage(item: SearxngItem): SearchImage | null {
  const url = webUrl(item.img_src);
  if (!url) return null;
  return {
    url,
    ...defined({
      title: plainText(item.title),
      thumbnailUrl: webUrl(item.thumbnail_src),
      pageUrl: webUrl(item.url),
    }),
  };
}

function toVideo(item: SearxngItem): SearchVideo | null {
  const url = webUrl(item.url);
  if (!url) return null;
  return {
    url,
    ...defined({
      title: plainText(item.title),
      thumbnailUrl: webUrl(item.thumbnail) ?? webUrl(item.thumbnail_src),
      embedUrl: webUrl(item.iframe_src),
    }),
  };
}

function present<T>(value: T | null): value is T {
  return value !== null;
}

/**
 * SEARCH_PROVIDER=searxng: the SearXNG JSON API, one request per requested category (in
 * parallel, default "general"). general/science/news give results, images gives images, videos
 * gives videos. SearXNG usually runs on the operator's own network, so its requests alone may
 * reach the addresses the configured host resolves to (web-fetch's per-request allowAddresses);
 * a "localhost" URL is spoken to as 127.0.0.1.
 */
export function createSearxngSearch(options: {
  baseUrl: string;
  webFetch: WebFetchClient;
  limits?: Partial<SearchLimits>;
  timeoutMs?: number;
  /** How the configured host is resolved for the allowance (default: the OS resolver). */
  resolveAddresses?: ResolveAddresses;
}): SearchProvider {
  const base = new URL(options.baseUrl);
  if (base.hostname === "localhost") base.hostname = "127.0.0.1";
  const endpoint = new URL("search", base.href.endsWith("/") ? base.href : `${base.href}/`);
  const limits = resolveLimits(options.limits);
  const resolve = options.resolveAddresses ?? systemResolve;
  let allowance: Promise<string[]> | null = null;

  const allowedAddresses = (): Promise<string[]> => {
    const literal = base.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal)) return Promise.resolve([literal]);
    allowance ??= resolve(base.hostname).catch((error: unknown) => {
      allowance = null;
      throw new SearchUnavailableError(
        NAME,
        "unreachable",
        `${NAME} could not be reached (cannot resolve ${base.hostname}: ${String(error)}).`,
      );
    });
    return allowance;
  };

  return {
    name: "searxng",
    async search({ query, categories, page, language, signal }): Promise<SearchResponse> {
      const wanted = categories && categories.length > 0 ? [...new Set(categories)] : ["general"];
      const allowAddresses = await allowedAddresses();
      const answers = await Promise.all(
        wanted.map(async (category) => {
          const url = new URL(endpoint);
          url.searchParams.set("q", query);
          url.searchParams.set("format", "json");
          url.searchParams.set("categories", category);
          url.searchParams.set("pageno", String(Math.max(1, Math.floor(page ?? 1))));
          if (language) url.searchParams.set("language", language);
          const answer = await fetchProviderJson({
            webFetch: options.webFetch,
            provider: NAME,
            url: url.href,
            schema: searxngResponse,
            allowAddresses,
            ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
            ...(signal ? { signal } : {}),
          });
          return { category, items: answer.results };
        }),
      );
      const results: SearchResult[] = [];
      const images: SearchImage[] = [];
      const videos: SearchVideo[] = [];
      for (const { category, items } of answers) {
        if (category === "images") images.push(...items.map(toImage).filter(present));
        else if (category === "videos") videos.push(...items.map(toVideo).filter(present));
        else results.push(...items.map(toResult).filter(present));
      }
      return {
        results: dedupeByUrl(results, limits.results),
        images: dedupeByUrl(images, limits.images),
        videos: dedupeByUrl(videos, limits.videos),
      };
    },
  };
}
