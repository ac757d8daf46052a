/**
 * Images of other origins reach this page only through this Nexus's own image proxy
 * (`/api/image?u=…&s=…`, signed by the server): the reader's browser never contacts a third party
 * for a favicon, a thumbnail or a picture in an answer (gates G7 and G14). Every component that
 * loads such an image takes its src from here; anything else is not loaded.
 */
export const IMAGE_PROXY_PATH = "/api/image";

const MAX_LENGTH = 8192;
/**
 * The one spelling the server mints (apps/server/src/modules/images/image-urls.ts): `u` encoded
 * with upper-case %XX for every byte but A–Z a–z 0–9 - . _ ~, then a 22-character signature.
 * Any other spelling would be refused by the server, so it is not even requested.
 */
const MINTED_QUERY = /^\?u=(?:[A-Za-z0-9._~-]|%[0-9A-F]{2})+&s=[A-Za-z0-9_-]{22}$/;

function currentOrigin(): string | null {
  return typeof window === "undefined" ? null : window.location.origin;
}

/**
 * The src to load for `raw` when it is an image proxy URL on exactly this page's origin
 * (relative or absolute, its query exactly `u=…&s=…` as minted), as a root-relative path;
 * otherwise null. Whether the signature verifies is the server's to say (it fetches nothing else).
 */
export function proxiedImageSrc(
  raw: string | null | undefined,
  pageOrigin: string | null = currentOrigin(),
): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!pageOrigin || /[\s\\]/.test(raw)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(pageOrigin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username !== "" || url.password !== "") return null;
  if (url.pathname !== IMAGE_PROXY_PATH || !MINTED_QUERY.test(url.search)) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * An image of a shared NexDocs document, served by this Nexus under its share link (exactly that
 * path shape, root-relative): the markdown renderer loads it only when its caller lists it in
 * `images`, like a proxy URL; anything else of that look is not this.
 */
const SHARED_DOCUMENT_IMAGE =
  /^\/api\/shares\/d[A-Za-z0-9]{22}\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function sharedDocumentImage(raw: string | null | undefined): string | null {
  return typeof raw === "string" && SHARED_DOCUMENT_IMAGE.test(raw) ? raw : null;
}
