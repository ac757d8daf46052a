import { type DiscoverItem, discoverQuestion, discoverSourceHref } from "@nexus/contracts";
import { paths } from "@/config/paths.ts";
import { proxiedImageSrc } from "@/lib/image-proxy.ts";

/** Where "Ask about this" goes: a new answer thread about the item. */
export function askHref(item: Pick<DiscoverItem, "title">, offline: boolean): string {
  return paths.app.search.href(discoverQuestion(item, offline));
}

/**
 * An image that may be loaded: only the server's signed image proxy URL on this origin (the
 * server signs every picture it lists; the page must never load anything else).
 */
export function safeImageSrc(value: string | undefined): string | null {
  return proxiedImageSrc(value);
}

/** Where the source link points: an http(s) page, or a page of this Nexus ("/blog/…"). */
export const sourceHref = discoverSourceHref;
