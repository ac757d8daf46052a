import type { Db } from "@nexus/db";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../deps.ts";
import { clientNetworkKey } from "../lib/client-network.ts";
import { AppError } from "../lib/errors.ts";

/** One limit: at most `limit` counted events per key in each fixed window of `windowMs`. */
export interface LimitRule {
  /** The limit's name in the rate_limits table; distinct per limit. */
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Events counted in the current window, this one included (for peek: so far). */
  count: number;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

function windowOf(rule: LimitRule, now: Date) {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}

function result(rule: LimitRule, now: Date, end: Date, count: number): LimitResult {
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)),
  };
}

const HIT_SQL = `insert into rate_limits (bucket, key, window_start, expires_at, count)
values ($1, $2, $3, $4, 1)
on conflict (bucket, key, window_start) do update set count = rate_limits.count + 1
returning count`;

const PEEK_SQL = `select count from rate_limits where bucket = $1 and key = $2 and window_start = $3`;

/**
 * Counts one event for `key` and says whether it is within the limit: one atomic statement (a
 * named prepared upsert), so every instance on the database enforces one limit together and a
 * restart forgets nothing.
 */
export async function hitLimit(options: {
  db: Db;
  rule: LimitRule;
  key: string;
  now: Date;
}): Promise<LimitResult> {
  const { rule, now } = options;
  const { start, end } = windowOf(rule, now);
  const rows = await options.db.$client.query<{ count: number }>({
    name: "rate_limit_hit",
    text: HIT_SQL,
    values: [rule.bucket, options.key, start, end],
  });
  return result(rule, now, end, rows.rows[0]?.count ?? Number.POSITIVE_INFINITY);
}

/** Whether `key` is still within the limit, without counting anything (one indexed read). */
export async function peekLimit(options: {
  db: Db;
  rule: LimitRule;
  key: string;
  now: Date;
}): Promise<LimitResult> {
  const { rule, now } = options;
  const { start, end } = windowOf(rule, now);
  const rows = await options.db.$client.query<{ count: number }>({
    name: "rate_limit_peek",
    text: PEEK_SQL,
    values: [rule.bucket, options.key, start],
  });
  const counted = rows.rows[0]?.count ?? 0;
  return { ...result(rule, now, end, counted), allowed: counted < rule.limit };
}

/** Deletes the counters of windows that have ended (daily housekeeping). */
export async function deleteExpiredLimits(db: Db, now: Date): Promise<number> {
  const rows = await db.$client.query("delete from rate_limits where expires_at <= $1", [now]);
  return rows.rowCount ?? 0;
}

export function rateLimitedError(retryAfterSeconds: number, message?: string): AppError {
  return new AppError("rate_limited", message, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/** Counts the event and throws 429 (with Retry-After) when the key is over the limit. */
export async function enforceLimit(options: {
  deps: Deps;
  rule: LimitRule;
  key: string;
  message?: string;
}): Promise<void> {
  const { deps } = options;
  const hit = await hitLimit({ ...options, db: deps.db, now: deps.clock.now() });
  if (!hit.allowed) throw rateLimitedError(hit.retryAfterSeconds, options.message);
}

/** The caller's network (IPv6 /64, IPv4 address): the key of every per-address limit. */
export function networkOf(c: Context<AppEnv>): string {
  return clientNetworkKey(c.get("ip"));
}

/** Route middleware: `rule` per client network (or per `key(c)`), 429 past the limit. */
export function rateLimit(
  deps: Deps,
  rule: LimitRule,
  key: (c: Context<AppEnv>) => string = networkOf,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceLimit({ deps, rule, key: key(c) });
    await next();
  });
}
