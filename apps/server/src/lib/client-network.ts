import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const maybeV4 = text.slice(lastColon + 1);
  if (isIPv4(maybeV4)) {
    const [a = 0, b = 0, c = 0, d = 0] = maybeV4.split(".").map(Number);
    const hex = (n: number) => n.toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex((a << 8) | b)}:${hex((c << 8) | d)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (missing < 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** Strips what may surround an address in a header: brackets, a port, a zone id. */
export function bareAddress(raw: string): string {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const zone = text.indexOf("%");
  return (zone >= 0 ? text.slice(0, zone) : text).toLowerCase();
}

/**
 * The key every per-address limit and quota counts on: an IPv4 address as is, an IPv4-mapped IPv6
 * address as its IPv4 address, and any other IPv6 address as its /64 network (one subscriber's
 * allocation), so rotating addresses inside a /64 gives no new quota. Anything else (no socket in
 * tests: "unknown") is used as it is.
 */
export function clientNetworkKey(address: string): string {
  const bare = bareAddress(address);
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join(".");
  }
  return `${[g0, g1, g2, g3].map((g) => (g ?? 0).toString(16)).join(":")}::/64`;
}
