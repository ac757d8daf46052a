import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed image proxy URLs (`/api/image?u=<url>&s=<signature>`): the only form in which an image
 * or favicon of another origin reaches a browser (G14). A URL is minted (`sign`) only where the
 * server itself received the address: a search provider's answer (favicons of its results,
 * picture and video thumbnails) or a page a tool read. The minted URL is what is stored and sent;
 * anything stored, imported or copied is passed on only when it is exactly a URL minted here
 * (`own`), so no request body, document or page can make the server sign an address.
 *
 * The signature is an HMAC-SHA256 (first 128 bits, base64url) of the address under a key kept in
 * PostgreSQL (images.repo.ts). It binds one exact string: the address is canonical (WHATWG
 * `href`, no fragment), its `u` encoding is canonical (every byte but A–Z a–z 0–9 - . _ ~ as
 * upper-case %XX), the signature is canonical base64url and the query is exactly `u=…&s=…`; any
 * other spelling of the same address does not verify, and what is verified is what is fetched.
 */
export interface ImageUrls {
  /**
   * Mints the proxy URL of an address the server itself received (search provider, read page): an
   * absolute http(s) URL without credentials. Anything else: null. Never call it with an address
   * from a request body, a stored row or a document.
   */
  sign: (raw: string | null | undefined) => string | null;
  /** `value` when it is exactly a proxy URL minted here (stored, imported, copied), else null. */
  own: (value: unknown) => string | null;
  /** The address a proxy request's raw query string (`u=…&s=…`) stands for, if minted here. */
  addressOf: (rawQuery: string) => string | null;
  /** True when `signature` is this server's for exactly `url` (canonical forms only). */
  verify: (url: string, signature: string) => boolean;
}

export const IMAGE_PROXY_PATH = "/api/image";
/** Longer addresses are not proxied (nothing legitimate needs more). */
export const MAX_IMAGE_URL_LENGTH = 2048;
/**
 * The MAC's domain. "v2": addresses minted only at receipt. Signatures of the first scheme (which
 * signed whatever was presented, imported favicons included) no longer verify.
 */
const DOMAIN = "image:v2:";

/** The address as WHATWG URL spells it (no fragment), if it may be proxied at all. */
function canonicalAddress(raw: string): string | null {
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

/** encodeURIComponent, plus ! ' ( ) * (so no URL parser or browser re-encodes the query). */
export function encodeImageAddress(url: string): string {
  return encodeURIComponent(url).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const QUERY = /^u=([A-Za-z0-9%._~-]+)&s=([A-Za-z0-9_-]{22})$/;

export function createImageUrls(key: Buffer): ImageUrls {
  if (key.length < 32) throw new TypeError("the image key must have at least 32 bytes");
  const mac = (url: string) =>
    createHmac("sha256", key).update(`${DOMAIN}${url}`).digest().subarray(0, 16);
  const proxied = (url: string) =>
    `${IMAGE_PROXY_PATH}?u=${encodeImageAddress(url)}&s=${mac(url).toString("base64url")}`;

  const verify = (url: string, signature: string) => {
    if (signature.length !== 22 || !/^[A-Za-z0-9_-]+$/.test(signature)) return false;
    if (canonicalAddress(url) !== url) return false;
    const given = Buffer.from(signature, "base64url");
    // The last character carries 2 spare bits: only the one spelling of the MAC is accepted.
    if (given.toString("base64url") !== signature) return false;
    return timingSafeEqual(mac(url), given);
  };

  const addressOf = (rawQuery: string): string | null => {
    const match = QUERY.exec(rawQuery);
    const encoded = match?.[1];
    const signature = match?.[2];
    if (!encoded || !signature || encoded.length > 3 * MAX_IMAGE_URL_LENGTH) return null;
    let url: string;
    try {
      url = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (encodeImageAddress(url) !== encoded) return null;
    return verify(url, signature) ? url : null;
  };

  const own = (value: unknown): string | null => {
    if (typeof value !== "string" || !value.startsWith(`${IMAGE_PROXY_PATH}?`)) return null;
    return addressOf(value.slice(IMAGE_PROXY_PATH.length + 1)) === null ? null : value;
  };

  const sign = (raw: string | null | undefined): string | null => {
    if (typeof raw !== "string" || raw === "") return null;
    const url = canonicalAddress(raw);
    return url ? proxied(url) : null;
  };

  return { sign, own, addressOf, verify };
}
