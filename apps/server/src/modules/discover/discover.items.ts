import { createHash } from "node:crypto";
import {
  DISCOVER_MAX_ITEMS,
  DISCOVER_SUMMARY_MAX_CHARS,
  type DiscoverItem,
  type DiscoverTopic,
} from "@nexus/contracts";
import { dedupeByUrl } from "../../integrations/search/search-results.ts";
import type { SearchResult } from "../../integrations/search/types.ts";
import type { GuideRow } from "./discover.repo.ts";

/**
 * Pure shaping of Discover items: news results of a search provider, and curated guides of the
 * knowledge base grouped into topics by their tags and title.
 */

/** What is searched for a topic (in the provider's news category where it has one). */
export const TOPIC_QUERIES: Record<DiscoverTopic, string> = {
  technology: "technology",
  science: "science",
  business: "business",
  culture: "culture",
  sports: "sports",
  health: "health",
  world: "world",
};

/** Words of a guide's tags or title that place it in a topic (a guide may sit in several). */
const TOPIC_KEYWORDS: Record<DiscoverTopic, string[]> = {
  technology: [
    "technology",
    "software",
    "llm",
    "model",
    "models",
    "search",
    "searxng",
    "self-hosting",
    "deployment",
    "docker",
    "postgresql",
    "configuration",
    "install",
    "setup",
    "offline",
    "open source",
    "files",
    "pdf",
    "agents",
    "api key",
    "security",
  ],
  science: ["science", "research", "deep research", "academic", "extraction", "study", "learning"],
  business: [
    "business",
    "pricing",
    "plans",
    "tiers",
    "quota",
    "limits",
    "admin",
    "organisation",
    "organization",
    "enterprise",
    "demo",
  ],
  culture: [
    "culture",
    "appearance",
    "theme",
    "themes",
    "writing",
    "story",
    "social",
    "art",
    "translation",
  ],
  sports: ["sports", "sport", "fitness"],
  health: ["health", "wellbeing", "medical", "therapist", "doctor", "mental health"],
  world: [
    "world",
    "overview",
    "introduction",
    "faq",
    "help",
    "sharing",
    "privacy",
    "community",
    "getting started",
    "quick start",
  ],
};

/** A guide that matches no topic's words still belongs somewhere: Nexus is technology. */
const UNMATCHED_TOPIC: DiscoverTopic = "technology";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const TOPIC_PATTERNS = Object.fromEntries(
  Object.entries(TOPIC_KEYWORDS).map(([topic, words]) => [
    topic,
    new RegExp(
      `(^|[^\\p{L}\\p{N}])(${words.map(escapeRegExp).join("|")})($|[^\\p{L}\\p{N}])`,
      "iu",
    ),
  ]),
) as Record<DiscoverTopic, RegExp>;

/** The topics a guide belongs to, from its tags and title. */
export function guideTopics(guide: Pick<GuideRow, "tags" | "title">): DiscoverTopic[] {
  const haystack = [...guide.tags, guide.title].join(" | ");
  const topics = (Object.keys(TOPIC_PATTERNS) as DiscoverTopic[]).filter((topic) =>
    TOPIC_PATTERNS[topic].test(haystack),
  );
  return topics.length > 0 ? topics : [UNMATCHED_TOPIC];
}

export function itemId(url: string): string {
  return createHash("sha256").update(url).digest("base64url").slice(0, 16);
}

function clip(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded.length <= DISCOVER_SUMMARY_MAX_CHARS) return folded;
  const cut = folded.slice(0, DISCOVER_SUMMARY_MAX_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DISCOVER_SUMMARY_MAX_CHARS * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The curated guides of one topic. */
export function guideItems(guides: GuideRow[], topic: DiscoverTopic): DiscoverItem[] {
  return guides
    .filter((guide) => guideTopics(guide).includes(topic))
    .slice(0, DISCOVER_MAX_ITEMS)
    .map((guide) => ({
      id: itemId(guide.url),
      title: guide.title,
      summary: clip(guide.summary),
      url: guide.url,
      source: "Nexus guide",
    }));
}

/** http(s) only, no credentials: shown through the image proxy (http images work there too). */
function webImageUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") &&
      url.username === "" &&
      url.password === ""
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** A provider's date as ISO 8601, or undefined when it does not parse ("2 days ago"). */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./i, "");
}

/** News results as Discover items: one per URL, http(s) images only, dates that parse. */
export function newsItems(results: SearchResult[]): DiscoverItem[] {
  return dedupeByUrl(
    results.filter((result) => result.source === "web"),
    DISCOVER_MAX_ITEMS,
  ).map((result) => {
    const imageUrl = webImageUrl(result.imageUrl);
    const publishedAt = isoDate(result.publishedDate);
    return {
      id: itemId(result.url),
      title: result.title,
      summary: clip(result.snippet),
      url: result.url,
      source: domainOf(result.url),
      ...(imageUrl ? { imageUrl } : {}),
      ...(publishedAt ? { publishedAt } : {}),
    };
  });
}
