import type { Db } from "@nexus/db";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../deps.ts";

/**
 * Read-your-writes across stateless instances (only with DATABASE_REPLICA_URLS).
 *
 * After a successful state-changing request the response sets `nexus_rlsn` to the primary's WAL
 * position after the write (`pg_current_wal_lsn()`); that person's lag-tolerant reads go to a
 * replica only once it has replayed past that position (its replay LSN is cached ~100 ms), else to
 * the primary. A streamed response (an answer) commits its write after the headers are sent, so it
 * sets `pin` instead: that person reads from the primary for the cookie's lifetime, and a later
 * write does not replace the pin with its own (possibly older than the answer's) position.
 */
export const READ_LSN_COOKIE = "nexus_rlsn";
/** How long a write pins (LSN: bounded by the replica lag bound anyway; pin: an answer's span). */
const LSN_COOKIE_SECONDS = 30;
const PIN_COOKIE_SECONDS = 120;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function readYourWrites(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const replicas = deps.replicas;
    if (!replicas || SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    const secure = deps.env.APP_URL.startsWith("https://");
    const streamed = (c.res.headers.get("content-type") ?? "").startsWith("text/event-stream");
    // A pin stays until it expires: the streamed answer that set it may commit after this
    // write, so this write's (earlier) WAL position would let a replica without it serve.
    if (!streamed && getCookie(c, READ_LSN_COOKIE) === "pin") return;
    let value = "pin";
    if (!streamed) {
      try {
        value = await replicas.currentLsn();
      } catch {
        // primary unreachable right after a write: pin to the primary rather than guess
      }
    }
    setCookie(c, READ_LSN_COOKIE, value, {
      path: "/",
      httpOnly: true,
      secure,
      sameSite: "Lax",
      maxAge: value === "pin" ? PIN_COOKIE_SECONDS : LSN_COOKIE_SECONDS,
    });
  });
}

/**
 * The Db for a lag-tolerant read on behalf of this request: a replica that has replayed the
 * caller's last write, or the primary. Only for reads that tolerate a few seconds of lag
 * (history and library lists, share pages, discover, admin lists); everything else uses deps.db.
 */
export function readDb(deps: Deps, c: Context<AppEnv>): Db {
  if (!deps.replicas) return deps.db;
  return deps.replicas.pick({ minLsn: getCookie(c, READ_LSN_COOKIE) ?? null });
}
