import {
  DEFAULT_DISCOVER_TOPIC,
  type DiscoverItem,
  discoverQuestion,
  discoverSourceHref,
  isDiscoverTopic,
  relativeTime,
} from "@nexus/contracts";
import type { Deps } from "./deps.ts";
import type { FirstViewRecord, FirstViewValues } from "./first-view-template.ts";
import type { DiscoverFeed } from "./modules/discover/discover.service.ts";

/**
 * Discover's first view (discover-feed.tsx DiscoverFeedFirstView, discover-card.tsx): the topic of
 * `?topic=` (an unknown one the default, as the page shows it), its status line and a card per
 * item, from what the feed has at once (the guides, or the cached news; never a provider's
 * request). Times in `locale` as the page words them, counted from now. Nothing when the topic
 * has no items yet (the page's loading grid).
 */
export async function discoverValues(
  deps: Pick<Deps, "clock" | "images">,
  feed: DiscoverFeed,
  requested: string | undefined,
  locale: string,
): Promise<FirstViewValues> {
  const topic = isDiscoverTopic(requested) ? requested : DEFAULT_DISCOVER_TOPIC;
  const shown = await feed.current(topic);
  if (!shown || shown.items.length === 0) return {};
  const now = deps.clock.now();
  const age = (iso: string) => relativeTime(iso, now, locale === "en" ? undefined : locale);
  const withMedia = shown.items.some((item) => item.imageUrl);
  const card = (item: DiscoverItem): FirstViewRecord => {
    // A picture the page may load: only this server's own signed image proxy URL.
    const image = deps.images.own(item.imageUrl) ?? "";
    const href = discoverSourceHref(item.url) ?? "";
    return {
      title: item.title,
      summary: item.summary,
      source: item.source,
      time: item.publishedAt ? age(item.publishedAt) : "",
      datetime: item.publishedAt ?? "",
      media: withMedia ? (image ? "image" : "placeholder") : "",
      image,
      // The path of "Ask about this" (paths.app.search.href) without its first "/".
      ask: `app/search?${new URLSearchParams({ q: discoverQuestion(item, shown.offline) })}`,
      href,
      link: href ? (shown.offline ? "guide" : "source") : "",
    };
  };
  return {
    discoverTopic: topic,
    discoverProvider: shown.provider,
    discoverOffline: shown.offline ? "1" : "",
    discoverTime: age(shown.refreshedAt),
    discoverCards: shown.items.map(card),
  };
}
