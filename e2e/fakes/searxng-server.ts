import { type JsonApiFake, startJsonApiFake } from "./json-api-fake.ts";
import { FAVICON_PNG, GRADIENT_PNG } from "./picture.ts";

/**
 * A fake SearXNG (GET /search?q=&format=json&categories=&pageno=&language=) on 127.0.0.1.
 * Answers come from a corpus per category, deterministic: every item's title and content carry
 * the query, and page n returns the corpus slice [(n-1)·pageSize, n·pageSize). Requests without
 * format=json get 403, as a real SearXNG with JSON disabled does.
 */
export interface SearxngItem {
  url: string;
  title: string;
  content?: string;
  engine?: string;
  engines?: string[];
  publishedDate?: string | null;
  img_src?: string;
  thumbnail_src?: string;
  thumbnail?: string;
  iframe_src?: string;
  template?: string;
}

export type SearxngCorpus = Record<string, SearxngItem[]>;

export function defaultSearxngCorpus(): SearxngCorpus {
  const general: SearxngItem[] = Array.from({ length: 12 }, (_, i) => ({
    url: `https://site${i + 1}.example.org/article`,
    title: `Result ${i + 1}`,
    content: `Passage ${i + 1} about <b>{q}</b>.`,
    engine: i % 2 === 0 ? "duckduckgo" : "bing",
    engines: i % 2 === 0 ? ["duckduckgo", "bing"] : ["bing"],
    publishedDate: i === 0 ? "2026-01-02T03:04:05" : null,
  }));
  // a duplicate of the first result (fragment and trailing slash differ) and an unsafe link
  general.splice(2, 0, {
    url: "https://site1.example.org/article/#top",
    title: "Result 1 again",
    engine: "google",
  });
  general.push({ url: "javascript:alert(1)", title: "Bad", content: "x", engine: "evil" });
  return {
    general,
    science: [
      {
        url: "https://arxiv.example.org/abs/1",
        title: "A paper",
        content: "Abstract on {q}",
        engine: "arxiv",
        engines: ["arxiv"],
        publishedDate: "2025-05-05T00:00:00",
      },
    ],
    news: [
      {
        url: "https://news.example.org/today",
        title: "Today",
        content: "News on {q}",
        engine: "bing news",
        publishedDate: "2026-11-01T10:00:00",
      },
    ],
    images: Array.from({ length: 4 }, (_, i) => ({
      url: `https://photos.example.org/page/${i + 1}`,
      title: `Image ${i + 1}`,
      img_src: `https://img.example.org/${i + 1}.jpg`,
      thumbnail_src: `https://img.example.org/${i + 1}-thumb.jpg`,
      template: "images.html",
      engine: "bing images",
    })),
    videos: Array.from({ length: 3 }, (_, i) => ({
      url: `https://video.example.org/watch?v=${i + 1}`,
      title: `Video ${i + 1}`,
      thumbnail: `https://video.example.org/thumb/${i + 1}.jpg`,
      iframe_src: `https://video.example.org/embed/${i + 1}`,
      template: "videos.html",
      engine: "youtube",
    })),
  };
}

export interface FakeSearxng extends JsonApiFake {
  corpus: SearxngCorpus;
}

export async function startFakeSearxng(
  options: { corpus?: SearxngCorpus; pageSize?: number; port?: number } = {},
): Promise<FakeSearxng> {
  const pageSize = options.pageSize ?? 20;
  let self: FakeSearxng | undefined;
  const fake = await startJsonApiFake({
    ...(options.port ? { port: options.port } : {}),
    handle: (request) => {
      // Like a real SearXNG with `image_proxy: true`: pictures from its own origin (raster only).
      // `u=broken…` stands for a picture that is not one; `to=<url>` answers a redirect there.
      const to = request.query.get("to");
      if (request.path === "/image_proxy" && to)
        return { status: 302, body: "", headers: { location: to } };
      if (request.path === "/image_proxy")
        return request.query.get("u")?.startsWith("broken")
          ? { body: "not an image", contentType: "text/plain" }
          : { body: GRADIENT_PNG, contentType: "image/png" };
      if (request.path === "/favicon.ico") return { body: FAVICON_PNG, contentType: "image/png" };
      if (request.path !== "/search") return { status: 404, body: { error: "not found" } };
      if (request.query.get("format") !== "json") return { status: 403, body: "Forbidden" };
      const q = request.query.get("q") ?? "";
      const categories = (request.query.get("categories") ?? "general").split(",");
      const page = Math.max(1, Number(request.query.get("pageno") ?? "1") || 1);
      const items = categories
        .flatMap((category) =>
          (self?.corpus[category] ?? []).map((item) => ({ ...item, category })),
        )
        .slice((page - 1) * pageSize, page * pageSize)
        .map((item) => ({
          ...item,
          // "{q}" in a URL becomes the query too (Discover's topics each get their own stories)
          url: item.url.replaceAll("{q}", encodeURIComponent(q)),
          title: item.title.replaceAll("{q}", q),
          ...(item.content ? { content: item.content.replaceAll("{q}", q) } : {}),
        }));
      return {
        body: {
          query: q,
          number_of_results: items.length,
          results: items,
          answers: [],
          corrections: [],
          infoboxes: [],
          suggestions: [`${q} more`],
          unresponsive_engines: [],
        },
      };
    },
  });
  self = Object.assign(fake, { corpus: options.corpus ?? defaultSearxngCorpus() });
  return self;
}

/** Points the corpus's image and video pictures at the fake's own /image_proxy. */
export function servePicturesFromSearxng(fake: FakeSearxng): void {
  const picture = (name: string) => `${fake.url}/image_proxy?u=${encodeURIComponent(name)}`;
  fake.corpus.images = (fake.corpus.images ?? []).map((item, i) => ({
    ...item,
    img_src: picture(`${i + 1}.jpg`),
    thumbnail_src: picture(`${i + 1}-thumb.jpg`),
  }));
  fake.corpus.videos = (fake.corpus.videos ?? []).map((item, i) => ({
    ...item,
    thumbnail: picture(`video-${i + 1}.jpg`),
  }));
}
