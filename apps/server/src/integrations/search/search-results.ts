/**
 * Shared shaping of web search answers: only http(s) links, plain-text snippets, one entry per
 * URL (ignoring the fragment and a trailing slash), and a cap on counts.
 */

export interface SearchLimits {
  results: number;
  images: number;
  videos: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { results: 10, images: 12, videos: 6 };

export function resolveLimits(limits: Partial<SearchLimits> | undefined): SearchLimits {
  return { ...DEFAULT_SEARCH_LIMITS, ...limits };
}

/** The URL as a canonical http(s) string, or null for anything else (javascript:, data:, junk). */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.startsWith("//") ? `https:${value}` : value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href;
  } catch {
    return null;
  }
}

function dedupeKey(href: string): string {
  const url = new URL(href);
  url.hash = "";
  const key = url.href;
  return key.endsWith("/") ? key.slice(0, -1) : key;
}

/** Keeps the first entry per URL, in order, up to `limit`. */
export function dedupeByUrl<T extends { url: string }>(items: T[], limit: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    const key = dedupeKey(item.url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  "#x27": "'",
  nbsp: " ",
};

/** Provider snippets may carry <strong> highlights and entities: plain text, whitespace folded. */
export function plainText(value: string | null | undefined): string {
  if (!value) return "";
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Only keys whose value is a non-empty string (exactOptionalPropertyTypes-friendly). */
export function defined<T extends Record<string, string | null | undefined>>(
  record: T,
): { [K in keyof T]?: string } {
  const out: { [K in keyof T]?: string } = {};
  for (const key of Object.keys(record) as (keyof T)[]) {
    const value = record[key];
    if (typeof value === "string" && value !== "") out[key] = value;
  }
  return out;
}
