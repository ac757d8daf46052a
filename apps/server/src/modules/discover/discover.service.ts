import {
  DISCOVER_TOPICS,
  type DiscoverItem,
  type DiscoverProvider,
  type DiscoverResponse,
  type DiscoverTopic,
} from "@nexus/contracts";
import type { Deps } from "../../deps.ts";
import { SearchUnavailableError } from "../../integrations/search/search-http.ts";
import { signReceivedImageUrl } from "../images/images.service.ts";
import { guideItems, newsItems, TOPIC_QUERIES } from "./discover.items.ts";
import { listGuides } from "./discover.repo.ts";

/**
 * Discover: news per topic from the configured web search provider, cached in this process and
 * refreshed in the background; or, with no web provider (local search), curated guides from the
 * knowledge base, clearly marked offline. A provider that fails is never replaced by guides
 * (ARCHITECTURE.md §2): a failing refresh keeps the last good items; with none, the caller gets
 * the provider's error.
 */

/** How often cached topics are refreshed in the background. */
export const DISCOVER_REFRESH_MS = 30 * 60_000;
/** Up to this much is added to each interval, so instances do not refresh in step. */
export const DISCOVER_REFRESH_JITTER_MS = 5 * 60_000;
/** The first request of a topic waits at most this long for the provider. */
export const DISCOVER_FIRST_FETCH_BUDGET_MS = 10_000;
/** Items older than this are refreshed when asked for (the timer may have been held up). */
const STALE_MS = 2 * DISCOVER_REFRESH_MS;
/** A stale topic is not re-tried on request more often than this. */
const RETRY_AFTER_MS = 60_000;

interface CacheEntry {
  items: DiscoverItem[];
  refreshedAt: Date;
}

export interface DiscoverFeed {
  /** The feed of one topic (fetching it first when nothing is cached yet). */
  get(topic: DiscoverTopic): Promise<DiscoverResponse>;
  /** What a topic shows at once, never asking the provider: the guides, or the cached news. */
  current(topic: DiscoverTopic): Promise<DiscoverResponse | null>;
  /** Fetches a topic again; a failure is logged and keeps the cached items. */
  refresh(topic: DiscoverTopic): Promise<boolean>;
  /** Refreshes every topic asked for so far, one after another. */
  refreshAll(): Promise<void>;
  /** Starts the background refresh; returns its stop function. */
  start(): () => void;
}

function providerOf(deps: Deps): DiscoverProvider {
  return deps.env.SEARCH_PROVIDER;
}

export function createDiscoverFeed(options: { deps: Deps }): DiscoverFeed {
  const { deps } = options;
  const provider = providerOf(deps);
  const cache = new Map<DiscoverTopic, CacheEntry>();
  const inFlight = new Map<DiscoverTopic, Promise<CacheEntry>>();
  const lastAttempt = new Map<DiscoverTopic, number>();

  async function fetchNews(topic: DiscoverTopic, signal?: AbortSignal): Promise<CacheEntry> {
    // Brave's integration has no news endpoint: its web search, asked for recent news.
    const query =
      provider === "brave" ? `${TOPIC_QUERIES[topic]} news today` : TOPIC_QUERIES[topic];
    const answer = await deps.search.search({
      query,
      categories: ["news"],
      language: "en",
      ...(signal ? { signal } : {}),
    });
    return { items: newsItems(answer.results), refreshedAt: deps.clock.now() };
  }

  /** One fetch per topic at a time; a successful one replaces the cached items. */
  function load(topic: DiscoverTopic, signal?: AbortSignal): Promise<CacheEntry> {
    const running = inFlight.get(topic);
    if (running) return running;
    lastAttempt.set(topic, deps.clock.now().getTime());
    const promise = fetchNews(topic, signal)
      .then((entry) => {
        const kept = cache.get(topic);
        // An empty answer is more likely a provider hiccup than a day without news.
        if (entry.items.length === 0 && kept && kept.items.length > 0) {
          deps.logger.warn(
            { topic, provider },
            "discover refresh found nothing; keeping the last items",
          );
          return kept;
        }
        cache.set(topic, entry);
        return entry;
      })
      .finally(() => inFlight.delete(topic));
    inFlight.set(topic, promise);
    return promise;
  }

  async function refresh(topic: DiscoverTopic): Promise<boolean> {
    try {
      const entry = await load(topic);
      deps.logger.debug({ topic, items: entry.items.length }, "discover topic refreshed");
      return true;
    } catch (error) {
      deps.logger.warn(
        { err: error, topic, provider, keptItems: cache.get(topic)?.items.length ?? 0 },
        "discover refresh failed; keeping the last items",
      );
      return false;
    }
  }

  function present(topic: DiscoverTopic, entry: CacheEntry): DiscoverResponse {
    return {
      topic,
      // Pictures through the image proxy, minted now: the cache holds only the provider's answers.
      items: entry.items.map(({ imageUrl, ...item }) => {
        const signed = signReceivedImageUrl(deps, imageUrl);
        return signed ? { ...item, imageUrl: signed } : item;
      }),
      provider,
      refreshedAt: entry.refreshedAt.toISOString(),
      offline: false,
    };
  }

  async function curated(topic: DiscoverTopic): Promise<DiscoverResponse> {
    // Guides change only when an instance starts with new ones: any replica will do.
    const guides = await listGuides(deps.replicas?.pick() ?? deps.db);
    const newest = guides.reduce<Date | null>(
      (latest, guide) => (latest && latest > guide.indexedAt ? latest : guide.indexedAt),
      null,
    );
    return {
      topic,
      items: guideItems(guides, topic),
      provider: "local",
      refreshedAt: (newest ?? deps.clock.now()).toISOString(),
      offline: true,
    };
  }

  async function get(topic: DiscoverTopic): Promise<DiscoverResponse> {
    if (provider === "local") return curated(topic);
    const cached = cache.get(topic);
    if (cached) {
      const now = deps.clock.now().getTime();
      const stale = now - cached.refreshedAt.getTime() > STALE_MS;
      if (stale && now - (lastAttempt.get(topic) ?? 0) > RETRY_AFTER_MS) void refresh(topic);
      return present(topic, cached);
    }
    // Nothing yet: this request waits for the provider, within a budget; its error is the answer.
    const budget = AbortSignal.timeout(DISCOVER_FIRST_FETCH_BUDGET_MS);
    try {
      return present(topic, await load(topic, budget));
    } catch (error) {
      if (budget.aborted && error instanceof SearchUnavailableError)
        throw new SearchUnavailableError(
          error.provider,
          "timeout",
          `${error.provider} did not answer within ${DISCOVER_FIRST_FETCH_BUDGET_MS / 1000} seconds.`,
        );
      throw error;
    }
  }

  async function current(topic: DiscoverTopic): Promise<DiscoverResponse | null> {
    if (provider === "local") return curated(topic);
    const cached = cache.get(topic);
    return cached ? present(topic, cached) : null;
  }

  async function refreshAll(): Promise<void> {
    for (const topic of DISCOVER_TOPICS) if (cache.has(topic)) await refresh(topic);
  }

  function start(): () => void {
    if (provider === "local") return () => {};
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    const schedule = () => {
      if (stopped) return;
      const delay = DISCOVER_REFRESH_MS + Math.floor(Math.random() * DISCOVER_REFRESH_JITTER_MS);
      timer = setTimeout(() => {
        void refreshAll().finally(schedule);
      }, delay);
      timer.unref();
    };
    schedule();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }

  return { get, current, refresh, refreshAll, start };
}
