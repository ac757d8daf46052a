import { z } from "zod";

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
export const discoverTopicSchema = z.enum(DISCOVER_TOPICS, {
  error: `Unknown topic: use one of ${DISCOVER_TOPICS.join(", ")}.`,
});
export type DiscoverTopic = z.infer<typeof discoverTopicSchema>;
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
export const discoverProviderSchema = z.enum(DISCOVER_PROVIDERS);
export type DiscoverProvider = z.infer<typeof discoverProviderSchema>;

/** Most items a topic shows. */
export const DISCOVER_MAX_ITEMS = 24;
export const DISCOVER_SUMMARY_MAX_CHARS = 320;

/** GET /api/discover?topic= (public). A missing topic is the default one; an unknown one is 400. */
export const discoverQuerySchema = z.object({
  topic: discoverTopicSchema.default(DEFAULT_DISCOVER_TOPIC),
});

export const discoverItemSchema = z.object({
  /** Stable per URL. */
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** An absolute http(s) URL (news) or a path on this Nexus (curated guide: /blog/<slug>, /faq). */
  url: z.string(),
  /** Where it comes from, for display: the site's domain, or "Nexus guide". */
  source: z.string(),
  /** An https image, when the provider gave one. */
  imageUrl: z.string().optional(),
  /** ISO 8601, when the provider gave a date that parses. */
  publishedAt: z.string().optional(),
});
export type DiscoverItem = z.infer<typeof discoverItemSchema>;

export const discoverResponseSchema = z.object({
  topic: discoverTopicSchema,
  items: z.array(discoverItemSchema),
  provider: discoverProviderSchema,
  /** When these items were fetched (ISO 8601). */
  refreshedAt: z.string(),
  /** No web search provider: the items are curated guides from the built-in knowledge base. */
  offline: z.boolean(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

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
