/**
 * Images of other origins reach this page only through this Nexus's own image proxy
 * (`/api/image?u=…&s=…`, signed by the server): the reader's browser never contacts a third party
 * for a favicon, a thumbnail or a picture in an answer (gates G7 and G14). Every component that
 * loads such an image takes its src from here; anything else is not loaded.
 */
export const IMAGE_PROXY_PATH = "/api/image";

const MAX_LENGTH = 8192;

function currentOrigin(): string | null {
  return typeof window === "undefined" ? null : window.location.origin;
}

/**
 * The src to load for `raw` when it is an image proxy URL on exactly this page's origin
 * (relative or absolute, with both `u` and `s`), as a root-relative path; otherwise null.
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
  if (url.pathname !== IMAGE_PROXY_PATH) return null;
  if (!url.searchParams.get("u") || !url.searchParams.get("s")) return null;
  return `${url.pathname}${url.search}`;
}
