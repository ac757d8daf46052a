import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { WebFetchError } from "./web-fetch-error.ts";

/**
 * What web-fetch.ts may fetch (ARCHITECTURE.md §5, gate G6): the URL rules (parseTarget), the
 * address rules (blockedReason) and the pinned lookup that makes the socket use checked addresses.
 *
 * Addresses are allow-listed, not deny-listed: an IPv4 address passes only if ipaddr.js calls it
 * plain "unicast" (so loopback, 0/8, RFC 1918, link-local and metadata, CGNAT, benchmarking,
 * documentation, reserved, multicast and broadcast all fail), and an IPv6 address only if it is
 * global unicast (2000::/3) outside every special range. IPv6 forms that carry an IPv4 address
 * (mapped, translated, NAT64 64:ff9b::/96, 6to4) are judged by the IPv4 they carry;
 * IPv4-compatible (::a.b.c.d), local-use NAT64 and Teredo are refused outright.
 */

const V6_EMBEDDED_RANGES = new Set(["ipv4Mapped", "rfc6145", "rfc6052", "6to4"]);

function v4FromParts(high: number | undefined, low: number | undefined): ipaddr.IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

function blockedV4(v4: ipaddr.IPv4): string | null {
  const range = v4.range();
  return range === "unicast" ? null : `ipv4 ${range}`;
}

/** The IPv4 address an IPv6 transition form carries, or null when it carries none we trust. */
function embeddedV4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  switch (v6.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return v4FromParts(p[6], p[7]);
    case "rfc6052": // 64:ff9b::a.b.c.d (well-known NAT64); the local-use 64:ff9b:1::/48 is refused
      return p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0
        ? v4FromParts(p[6], p[7])
        : null;
    case "6to4": // 2002:aabb:ccdd::/48
      return v4FromParts(p[1], p[2]);
    default:
      return null;
  }
}

function blockedV6(v6: ipaddr.IPv6): string | null {
  const range = v6.range();
  if (V6_EMBEDDED_RANGES.has(range)) {
    const v4 = embeddedV4(v6);
    if (!v4) return `ipv6 ${range}`;
    const inner = blockedV4(v4);
    return inner ? `ipv6 ${range} of ${inner}` : null;
  }
  if (range !== "unicast") return `ipv6 ${range}`;
  const first = v6.parts[0] ?? 0;
  // Global unicast is 2000::/3; everything else (incl. ::a.b.c.d and fec0::/10) is not for us.
  return (first & 0xe000) === 0x2000 ? null : "ipv6 not global unicast";
}

/**
 * Why an address may not be fetched ("ipv4 loopback", "ipv6 uniqueLocal", …), or null when it is
 * public. Anything that is not a canonical IP string is refused.
 */
export function blockedReason(address: string): string | null {
  if (isIPv4(address)) return blockedV4(ipaddr.IPv4.parse(address));
  if (isIPv6(address)) {
    const v6 = ipaddr.IPv6.parse(address);
    if (v6.zoneId) return "ipv6 with zone";
    return blockedV6(v6);
  }
  return "not an ip address";
}

/** One spelling per address: IPv4-mapped IPv6 becomes IPv4, IPv6 is RFC 5952 compressed. */
export function canonicalAddress(address: string): string {
  if (!isIP(address)) throw new Error(`not an IP address: ${address}`);
  return ipaddr.process(address).toString();
}

/**
 * The IP literal a WHATWG-parsed hostname stands for, or null for a domain name. WHATWG URL has
 * already turned 127.1, 0x7f.1, 2130706433, 017700000001, full-width digits and percent-encoding
 * into dotted decimal, and brackets IPv6 literals; a hostname that still looks numeric but is not
 * dotted decimal never reaches the resolver.
 */
export function hostLiteral(hostname: string): string | null {
  if (hostname.startsWith("[") && hostname.endsWith("]")) return hostname.slice(1, -1);
  if (isIPv4(hostname)) return hostname;
  return null;
}

/** Names that mean "this machine" whatever DNS says (RFC 6761), refused before resolving. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "localhost.localdomain";
}

/** Looks numeric (last label all digits or 0x…) without being a valid IPv4: never resolve it. */
export function isNumericLookalike(hostname: string): boolean {
  const last = hostname.replace(/\.$/, "").split(".").pop() ?? "";
  return /^(\d+|0x[0-9a-f]*)$/i.test(last);
}

/**
 * The Fetch Standard's "bad ports" plus 0: protocols a browser will not speak HTTP to, so an
 * attacker cannot aim our requests at SMTP, IRC, SIP and the like on a public host either.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

function isBadPort(port: number): boolean {
  return !Number.isInteger(port) || port < 0 || port > 65535 || BAD_PORTS.has(port);
}

const MAX_URL_LENGTH = 8192;

/** WHATWG-parse an address (relative to the page that redirected) and apply the URL rules. */
export function parseTarget(options: { href: string; base?: URL }): URL {
  const { href, base } = options;
  const shown = href.slice(0, 200);
  if (href.length > MAX_URL_LENGTH) throw new WebFetchError("bad_url", { url: shown });
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    throw new WebFetchError("bad_url", { url: shown });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new WebFetchError("bad_scheme", { url: shown });
  if (url.username !== "" || url.password !== "")
    throw new WebFetchError("credentials", { url: `${url.protocol}//${url.host}` });
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  if (isBadPort(port)) throw new WebFetchError("bad_port", { url: url.href });
  url.hash = "";
  return url;
}

/** A lookup that can only ever answer the addresses that were checked, re-checking them. */
export function pinnedLookup(options: {
  hostname: string;
  addresses: string[];
  check: (address: string) => string | null;
}): LookupFunction {
  const { hostname, addresses, check } = options;
  return (name, lookupOptions, callback) => {
    const family =
      lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
    const list = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((entry) => family === 0 || entry.family === family);
    const first = list[0];
    const refused = list.find((entry) => check(entry.address) !== null);
    if (name !== hostname || !first || refused) {
      const error: NodeJS.ErrnoException = new Error(`pinned lookup refused ${name}`);
      error.code = "ENOTFOUND";
      callback(error, "", 0);
      return;
    }
    if (lookupOptions.all) callback(null, list);
    else callback(null, first.address, first.family);
  };
}
