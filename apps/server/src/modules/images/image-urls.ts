import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed image proxy URLs (`/api/image?u=<url>&s=<signature>`): the only form in which an image
 * or favicon of another origin reaches a browser. The server signs every image address it sends
 * or presents; the proxy fetches only addresses it signed, so a reader cannot make it fetch an
 * arbitrary URL. The signature is an HMAC-SHA256 (first 128 bits, base64url) of the address under
 * a key kept in PostgreSQL (images.repo.ts): the same on every instance and after restarts.
 */
export interface ImageUrls {
  /**
   * The same-origin proxy URL for an image address: an absolute http(s) URL (no credentials), or
   * a proxy URL this server signed (kept, e.g. copied back from a browser). Anything else: null.
   */
  sign: (raw: string | null | undefined) => string | null;
  /** True when `signature` is this server's for exactly `url`. */
  verify: (url: string, signature: string) => boolean;
}

export const IMAGE_PROXY_PATH = "/api/image";
/** Longer addresses are not proxied (nothing legitimate needs more). */
export const MAX_IMAGE_URL_LENGTH = 2048;

function originUrl(raw: string): string | null {
  if (raw.length > MAX_IMAGE_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username !== "" || url.password !== "" || url.hostname === "") return null;
  url.hash = "";
  return url.href.length > MAX_IMAGE_URL_LENGTH ? null : url.href;
}

export function createImageUrls(key: Buffer): ImageUrls {
  if (key.length < 32) throw new TypeError("the image key must have at least 32 bytes");
  const mac = (url: string) =>
    createHmac("sha256", key).update(`image:${url}`).digest().subarray(0, 16);
  const proxied = (url: string) =>
    `${IMAGE_PROXY_PATH}?u=${encodeURIComponent(url)}&s=${mac(url).toString("base64url")}`;
  const verify = (url: string, signature: string) => {
    if (signature.length !== 22 || !/^[A-Za-z0-9_-]+$/.test(signature)) return false;
    return timingSafeEqual(mac(url), Buffer.from(signature, "base64url"));
  };
  const sign = (raw: string | null | undefined): string | null => {
    if (typeof raw !== "string" || raw === "") return null;
    if (raw.startsWith(`${IMAGE_PROXY_PATH}?`)) {
      const query = new URLSearchParams(raw.slice(IMAGE_PROXY_PATH.length + 1));
      const url = query.get("u");
      const signature = query.get("s");
      return url && signature && verify(url, signature) ? proxied(url) : null;
    }
    const url = originUrl(raw);
    return url ? proxied(url) : null;
  };
  return { sign, verify };
}
