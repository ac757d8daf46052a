// Discover's constants and its question's wording, without zod: the app's home reads these, and
// discover.ts's schemas beside them would bring zod's chunk into its first load.
// messages-spec.test.ts keeps this file free of value imports.
import type { DiscoverItem } from "./discover.ts";

/** Discover (/app/discover): a public feed by topic, news from the search provider or curated guides. */
export const DISCOVER_TOPICS = [
  "technology",
  "science",
  "business",
  "culture",
  "sports",
  "health",
  "world",
] as const;
export type DiscoverTopic = (typeof DISCOVER_TOPICS)[number];

export const DEFAULT_DISCOVER_TOPIC: DiscoverTopic = "technology";

export function isDiscoverTopic(value: unknown): value is DiscoverTopic {
  return typeof value === "string" && (DISCOVER_TOPICS as readonly string[]).includes(value);
}

/** Tab labels. */
export const DISCOVER_TOPIC_LABELS: Record<DiscoverTopic, string> = {
  technology: "Technology",
  science: "Science",
  business: "Business",
  culture: "Culture",
  sports: "Sports",
  health: "Health",
  world: "World",
};

export const DISCOVER_PROVIDERS = ["searxng", "tavily", "brave", "local"] as const;

/** Most items a topic shows. */
export const DISCOVER_MAX_ITEMS = 24;
export const DISCOVER_SUMMARY_MAX_CHARS = 320;

export const DISCOVER_OFFLINE_LABEL = "Offline: curated guides";
export const DISCOVER_OFFLINE_EXPLANATION =
  "No web search provider is configured on this server, so Discover shows curated guides from the built-in knowledge base instead of news. Set SEARCH_PROVIDER to see fresh stories.";

/** The question "Ask about this" opens an answer with. */
/**
 * Phrasings of a news question, taken in turn down a list (a list never repeats one phrasing four
 * times over, issue 38).
 */
const NEWS_PHRASINGS = [
  (t: string) => `What is the latest on ${t}?`,
  (t: string) => `What happened with ${t}?`,
  (t: string) => `What do we know about ${t}?`,
  (t: string) => `Why is ${t} in the news?`,
];

export function discoverQuestion(
  item: Pick<DiscoverItem, "title">,
  offline: boolean,
  /** Its place in the list shown (the phrasing goes round with it). */
  index = 0,
): string {
  const raw = item.title.trim();
  // A headline that asks a question is the question.
  if (/\?$/.test(raw)) return raw;
  const title = raw.replace(/[?.!:]+$/, "");
  if (offline) return `Tell me about ${title}`;
  const phrase = NEWS_PHRASINGS[index % NEWS_PHRASINGS.length] ?? NEWS_PHRASINGS[0];
  return phrase ? phrase(title) : title;
}

/** Where an item's source link points: an http(s) page, or a page of this Nexus ("/blog/…"). */
export function discoverSourceHref(url: string): string | null {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
