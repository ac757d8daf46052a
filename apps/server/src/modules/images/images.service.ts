import {
  type AnswerImage,
  type AnswerResults,
  type AnswerSource,
  type AnswerVideo,
  answerDataPartSchemas,
  type StoredPart,
} from "@nexus/contracts";
import type { Deps } from "../../deps.ts";
import { WebFetchError } from "../../integrations/web-fetch-error.ts";
import { AppError } from "../../lib/errors.ts";
import { type CachedImage, FailureMemo, ImageLru } from "./image-cache.ts";
import { pixelsOf, sniffImageType } from "./image-type.ts";

/**
 * The image proxy (GET /api/image?u=…&s=…), the minting of its signed URLs where the server
 * receives image addresses (answer and agent paths, discover), and the presenters that pass them
 * on wherever they are shown (answer stream, history, threads, shares, library, first view).
 * Rows store the minted proxy URL; a presenter keeps only values that are exactly a URL minted
 * here (image-urls.ts `own`). So an imported thread, a copy or a row written before minting at
 * receipt (raw origin addresses) shows letter tiles instead of favicons and no pictures: nothing
 * a request body or a document holds is ever signed (G14).
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
export const IMAGE_FETCH_TIMEOUT_MS = 8_000;
/** A failed address is not fetched again for this long (a missing favicon, a dead host). */
export const IMAGE_FAILURE_TTL_MS = 5 * 60_000;
const ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif,image/x-icon;q=0.9,*/*;q=0.1";

type ImageDeps = Pick<Deps, "images">;

// ---- minting, at receipt: addresses the server itself got from a search provider or a page

/** A picture address from a search provider (discover's news). */
export function signReceivedImageUrl(deps: ImageDeps, raw: string | null | undefined) {
  return deps.images.sign(raw);
}

/** A source's favicon: `/favicon.ico` of the origin of a result or page the server received. */
export function signFaviconOf(deps: ImageDeps, pageUrl: string): string | null {
  try {
    const url = new URL(pageUrl);
    return url.protocol === "http:" || url.protocol === "https:"
      ? deps.images.sign(`${url.origin}/favicon.ico`)
      : null;
  } catch {
    return null;
  }
}

/** A provider's pictures: `thumbnailUrl` minted (the full-size `url` stays a link). */
export function signReceivedImages(deps: ImageDeps, images: readonly AnswerImage[]) {
  return images.flatMap((image): AnswerImage[] => {
    const thumbnailUrl = deps.images.sign(image.thumbnailUrl ?? image.url);
    return thumbnailUrl ? [{ ...image, thumbnailUrl }] : [];
  });
}

export function signReceivedVideos(deps: ImageDeps, videos: readonly AnswerVideo[]) {
  return videos.map(({ thumbnailUrl, ...video }): AnswerVideo => {
    const signed = deps.images.sign(thumbnailUrl);
    return signed ? { ...video, thumbnailUrl: signed } : video;
  });
}

// ---- presenting: only proxy URLs minted here pass; anything else goes

export function presentSources(deps: ImageDeps, sources: readonly AnswerSource[]): AnswerSource[] {
  return sources.map((s) => ({ ...s, favicon: deps.images.own(s.favicon) }));
}

export function presentImages(deps: ImageDeps, images: readonly AnswerImage[]): AnswerImage[] {
  return images.flatMap((image) => {
    const thumbnailUrl = deps.images.own(image.thumbnailUrl);
    return thumbnailUrl ? [{ ...image, thumbnailUrl }] : [];
  });
}

export function presentVideos(deps: ImageDeps, videos: readonly AnswerVideo[]): AnswerVideo[] {
  return videos.map(({ thumbnailUrl, ...video }) => {
    const own = deps.images.own(thumbnailUrl);
    return own ? { ...video, thumbnailUrl: own } : video;
  });
}

/** Any object with answer media (history results, share snapshots, thread messages). */
export function presentMedia<
  T extends { sources: AnswerSource[]; images: AnswerImage[]; videos: AnswerVideo[] },
>(deps: ImageDeps, value: T): T {
  return {
    ...value,
    sources: presentSources(deps, value.sources),
    images: presentImages(deps, value.images),
    videos: presentVideos(deps, value.videos),
  };
}

export function presentResults(deps: ImageDeps, results: AnswerResults): AnswerResults {
  return presentMedia(deps, results);
}

/**
 * A saved reply's parts as the page shows them: its data-sources, data-images and data-videos
 * presented like results (a malformed one is left out); the other parts as they are.
 */
export function presentParts(deps: ImageDeps, parts: readonly StoredPart[]): StoredPart[] {
  return parts.flatMap((part): StoredPart[] => {
    if (part.type === "data-sources") {
      const data = answerDataPartSchemas.sources.safeParse(part.data);
      return data.success ? [{ ...part, data: presentSources(deps, data.data) }] : [];
    }
    if (part.type === "data-images") {
      const data = answerDataPartSchemas.images.safeParse(part.data);
      return data.success ? [{ ...part, data: presentImages(deps, data.data) }] : [];
    }
    if (part.type === "data-videos") {
      const data = answerDataPartSchemas.videos.safeParse(part.data);
      return data.success ? [{ ...part, data: presentVideos(deps, data.data) }] : [];
    }
    return [part];
  });
}

// ---- the proxy

export interface ImageProxy {
  /** The image behind a signed address, from the cache or fetched now; throws AppError. */
  get: (url: string) => Promise<CachedImage>;
  cache: ImageLru;
}

const refused = (message: string) => new AppError("forbidden", message);

function failureOf(error: unknown): AppError {
  if (error instanceof ImageRefusal) return error.appError;
  if (error instanceof WebFetchError) {
    if (error.code === "bad_request") return refused("This image address is not allowed.");
    if (error.reason === "too_large")
      return new AppError("payload_too_large", "The image is larger than 5 MB.");
  }
  return new AppError("bad_gateway", "The image could not be fetched.");
}

class ImageRefusal extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/**
 * Addresses of the operator's own SearXNG (SEARXNG_URL): its image_proxy may live inside. Given
 * only to a fetch of an address on exactly its origin; web-fetch applies them to that origin
 * alone, so a redirect to another port or host is checked as any other address.
 */
function searxngAllowance(deps: Deps): { origin: string; addresses: string[] } | null {
  const configured = deps.env.SEARCH_PROVIDER === "searxng" ? deps.env.SEARXNG_URL : undefined;
  if (!configured) return null;
  const base = new URL(configured);
  if (base.hostname === "localhost") base.hostname = "127.0.0.1";
  const literal = base.hostname.replace(/^\[|\]$/g, "");
  return /^[\d.]+$|:/.test(literal) ? { origin: base.origin, addresses: [literal] } : null;
}

export function createImageProxy(options: {
  deps: Deps;
  cacheBytes?: number;
  now?: () => number;
}): ImageProxy {
  const { deps } = options;
  const cache = new ImageLru(options.cacheBytes ?? IMAGE_CACHE_BYTES);
  const failures = new FailureMemo<AppError>({
    ttlMs: IMAGE_FAILURE_TTL_MS,
    maxEntries: 10_000,
    now: options.now ?? Date.now,
  });
  const inFlight = new Map<string, Promise<CachedImage>>();
  const searxng = searxngAllowance(deps);

  async function fetchImage(url: string): Promise<CachedImage> {
    const sameAsSearxng = searxng !== null && new URL(url).origin === searxng.origin;
    const page = await deps.webFetch.fetchPage({
      url,
      accept: ACCEPT,
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
      ...(sameAsSearxng ? { allowAddresses: searxng.addresses } : {}),
    });
    if (page.truncated)
      throw new ImageRefusal(new AppError("payload_too_large", "The image is larger than 5 MB."));
    const contentType = sniffImageType(page.body);
    if (!contentType)
      throw new ImageRefusal(
        new AppError(
          "unsupported_media_type",
          "The address is not an image this server shows (PNG, JPEG, GIF, WebP, AVIF or ICO).",
        ),
      );
    const pixels = pixelsOf(page.body);
    if (pixels === null)
      throw new ImageRefusal(
        new AppError("unsupported_media_type", "The image could not be read."),
      );
    if (pixels > IMAGE_MAX_PIXELS)
      throw new ImageRefusal(
        new AppError("payload_too_large", "The image has more than 40 megapixels."),
      );
    return { body: page.body, contentType };
  }

  async function get(url: string): Promise<CachedImage> {
    const hit = cache.get(url);
    if (hit) return hit;
    const failed = failures.get(url);
    if (failed) throw failed;
    let pending = inFlight.get(url);
    if (!pending) {
      pending = fetchImage(url)
        .then((image) => {
          cache.set(url, image);
          return image;
        })
        .catch((error: unknown) => {
          const failure = failureOf(error);
          failures.set(url, failure);
          deps.logger.debug(
            { reason: error instanceof WebFetchError ? error.reason : failure.code },
            "image proxy: fetch refused or failed",
          );
          throw failure;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  }

  return { get, cache };
}
