import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { ANON_ID_HEADER, ANON_ID_PATTERN } from "@nexus/contracts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Caller } from "../deps.ts";
import { bareAddress } from "../lib/client-network.ts";
import { randomId } from "../lib/ids.ts";

function peerAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * The client address behind `trustedHops` proxies that each append the address they saw to
 * X-Forwarded-For: the entry that many from the right (what the outermost trusted proxy saw).
 * Entries further left were written by the client and are never believed. No header, or fewer
 * entries than hops: the socket peer or the leftmost entry. An entry that is not an IP address
 * is not believed either (the socket peer counts), so no header can invent keys.
 */
export function forwardedClient(header: string | undefined, trustedHops: number): string | null {
  if (trustedHops < 1 || !header) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[Math.max(0, entries.length - trustedHops)];
  const address = entry ? bareAddress(entry) : "";
  return isIP(address) ? address : null;
}

/** Request id, caller address and anonymous id; every later middleware relies on these. */
export function requestContext(options: { trustedHops: number }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("receivedAt", performance.now());
    c.set("requestId", randomId(9));
    c.set("user", null);
    c.set("sessionIdHash", null);
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), options.trustedHops);
    c.set("ip", (forwarded || peerAddress(c)).replace(/^::ffff:(?=\d+\.)/, ""));
    const anonId = c.req.header(ANON_ID_HEADER);
    c.set("anonId", anonId && ANON_ID_PATTERN.test(anonId) ? anonId : null);
    await next();
    c.header("x-request-id", c.get("requestId"));
  });
}

/** The caller as services see it: the signed-in user, or an anonymous browser at an address. */
export function callerOf(c: Context<AppEnv>): Caller {
  return { user: c.get("user"), anonId: c.get("anonId"), ip: c.get("ip") };
}
