/**
 * The URL policy for everything rendered from model or user markdown (security gate G7).
 *
 * Only absolute `http:`, `https:` and `mailto:` URLs may become links. The decision is made on the
 * URL as the browser's own (WHATWG) parser sees it, and the value handed to the DOM is that
 * parser's normalized serialization, so what was checked is exactly what is navigated to:
 * whitespace, control characters and mixed case in the scheme cannot smuggle `javascript:` past
 * the check.
 */

export type SafeProtocol = "http:" | "https:" | "mailto:";

export interface SafeUrl {
  /** The normalized URL (WHATWG serialization); use this, never the raw input, as an href. */
  href: string;
  protocol: SafeProtocol;
  /** Host name without a leading "www." (empty for mailto:). */
  domain: string;
}

/** Longer URLs are refused outright (nothing legitimate in an answer needs more). */
export const MAX_URL_LENGTH = 4096;

const SAFE_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

// An absolute URL starts with a scheme. Checked on the raw input (after the same stripping the URL
// parser does) so that a relative reference is never resolved against some base by accident.
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// The URL parser strips leading/trailing C0 controls and spaces and removes tab/LF/CR anywhere.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point here.
const EDGE_C0 = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_NEWLINE = /[\t\n\r]/g;
// Anything else invisible or control-like left inside the input makes it suspicious: refuse it.
const CONTROL_OR_INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point here.
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

function parse(raw: string): URL | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_URL_LENGTH) return null;
  const stripped = raw.replace(EDGE_C0, "").replace(TAB_NEWLINE, "");
  if (CONTROL_OR_INVISIBLE.test(stripped)) return null;
  if (!SCHEME.test(stripped)) return null;
  try {
    return new URL(stripped);
  } catch {
    return null;
  }
}

function domainOfUrl(url: URL): string {
  return url.hostname.replace(/^www\./i, "");
}

/**
 * The safe form of a link target, or null when it must not become a link.
 * Accepts absolute http(s) URLs with a host and no credentials (`https://google.com@evil.example`
 * is a phishing pattern) and mailto: URLs.
 */
export function toSafeUrl(raw: string): SafeUrl | null {
  const url = parse(raw);
  if (!url || !SAFE_PROTOCOLS.has(url.protocol)) return null;
  const protocol = url.protocol as SafeProtocol;
  if (protocol === "mailto:") {
    if (url.pathname.length === 0) return null;
    return { href: url.href, protocol, domain: "" };
  }
  if (url.hostname.length === 0 || url.username !== "" || url.password !== "") return null;
  return { href: url.href, protocol, domain: domainOfUrl(url) };
}

/** The normalized href for a link, or null (render the text without a link). */
export function toSafeHref(raw: string): string | null {
  return toSafeUrl(raw)?.href ?? null;
}

/** The normalized href when it is an absolute http(s) URL (no mailto:), else null. */
export function toSafeHttpUrl(raw: string): SafeUrl | null {
  const safe = toSafeUrl(raw);
  return safe && safe.protocol !== "mailto:" ? safe : null;
}

/**
 * The src for an image that may actually be loaded: only when it resolves (relative references
 * are resolved against the page) to an http(s) URL on exactly the page's own origin. Anything else
 * could leak data to a third party the moment the answer renders (prompt-injection exfiltration).
 */
export function toSameOriginImageSrc(raw: string, pageOrigin: string): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_URL_LENGTH) return null;
  const stripped = raw.replace(EDGE_C0, "").replace(TAB_NEWLINE, "");
  if (stripped.length === 0 || CONTROL_OR_INVISIBLE.test(stripped)) return null;
  // Backslashes are slashes to the URL parser for http(s): "/\evil.example" is protocol-relative.
  if (/^[/\\]{2}/.test(stripped)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(pageOrigin);
    url = new URL(stripped, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username !== "" || url.password !== "") return null;
  if (url.origin !== base.origin) return null;
  return url.href;
}

/**
 * Where a source (and its citation chips) may link: an absolute http(s) URL, or a path on this
 * Nexus itself (a local source: "/blog/connecting-a-model#…"), resolved against `pageOrigin` and
 * kept only when it stays on exactly that origin.
 */
export function toSafeSourceUrl(raw: string, pageOrigin: string): SafeUrl | null {
  const absolute = toSafeHttpUrl(raw);
  if (absolute) return absolute;
  if (typeof raw !== "string" || !raw.startsWith("/")) return null;
  const href = toSameOriginImageSrc(raw, pageOrigin);
  if (href === null) return null;
  return { href, protocol: href.startsWith("https:") ? "https:" : "http:", domain: "" };
}
