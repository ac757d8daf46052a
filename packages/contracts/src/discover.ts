import { z } from "zod";
import {
  DEFAULT_DISCOVER_TOPIC,
  DISCOVER_PROVIDERS,
  DISCOVER_TOPICS,
} from "./discover-constants.ts";

export const discoverTopicSchema = z.enum(DISCOVER_TOPICS, {
  error: `Unknown topic: use one of ${DISCOVER_TOPICS.join(", ")}.`,
});

export const discoverProviderSchema = z.enum(DISCOVER_PROVIDERS);
export type DiscoverProvider = z.infer<typeof discoverProviderSchema>;

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
