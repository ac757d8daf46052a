import {
  isAllowed,
  periodKey,
  periodResetsAt,
  type Tier,
  type UsageCheck,
  type UsageCounter,
  type UsageSummary,
} from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import { clientNetworkKey } from "../../lib/client-network.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./usage.repo.ts";

export function tierOf(caller: Caller): Tier {
  return caller.user ? caller.user.tier : "anonymous";
}

/**
 * The counters a caller is charged on. Anonymous callers are counted per anonymous id AND per IP:
 * the stricter one decides, so rotating ids (or spoofed headers) gives no new quota. The address
 * is its network (clientNetworkKey: an IPv6 caller's /64), so rotating inside it gives none either.
 */
export function subjectsOf(caller: Caller): repo.Subject[] {
  if (caller.user)
    return [{ subjectId: caller.user.id, userId: caller.user.id, isAnonymous: false }];
  const subjects: repo.Subject[] = [
    { subjectId: `ip:${clientNetworkKey(caller.ip)}`, userId: null, isAnonymous: true },
  ];
  if (caller.anonId) subjects.push({ subjectId: caller.anonId, userId: null, isAnonymous: true });
  return subjects;
}

function currentPeriod(deps: Deps, tier: Tier) {
  const now = deps.clock.now();
  const { period } = deps.env.TIER_LIMITS[tier];
  return { now, period, key: periodKey(period, now), resetsAt: periodResetsAt(period, now) };
}

function highest(
  rows: Awaited<ReturnType<typeof repo.readCounters>>,
  counter: UsageCounter,
): number {
  return rows.reduce((max, row) => Math.max(max, row[counter]), 0);
}

/** {allowed, current, limit, tier}; allowed when current < limit or the limit is 0 (spec §9). */
export async function check(options: {
  deps: Deps;
  caller: Caller;
  counter: UsageCounter;
}): Promise<UsageCheck> {
  const tier = tierOf(options.caller);
  const { key } = currentPeriod(options.deps, tier);
  const rows = await repo.readCounters(
    options.deps.db,
    subjectsOf(options.caller).map((s) => s.subjectId),
    key,
  );
  const current = highest(rows, options.counter);
  const limit = options.deps.env.TIER_LIMITS[tier][options.counter];
  return { allowed: isAllowed(current, limit), current, limit, tier };
}

/**
 * Check-and-increment, atomically, as one statement (no transaction held across round trips): of
 * N concurrent callers with one unit left exactly one is allowed. Nothing is charged when not
 * allowed. A signed-in caller takes one round trip; an anonymous caller (id and address, the
 * stricter decides) one, plus two the first time in a period (its rows are created first).
 */
export async function consume(options: {
  deps: Deps;
  caller: Caller;
  counter: UsageCounter;
  amount?: number;
}): Promise<UsageCheck> {
  const { deps, caller, counter } = options;
  const amount = options.amount ?? 1;
  const tier = tierOf(caller);
  const limit = deps.env.TIER_LIMITS[tier][counter];
  const { now, key } = currentPeriod(deps, tier);
  const subjects = subjectsOf(caller);
  const [only] = subjects;
  let result: repo.ConsumeResult;
  if (subjects.length === 1 && only) {
    result = await repo.consumeOne(deps.db, {
      subject: only,
      period: key,
      counter,
      amount,
      limit,
      now,
    });
  } else {
    const values = {
      subjectIds: subjects.map((s) => s.subjectId),
      period: key,
      counter,
      amount,
      limit,
      now,
    };
    result = await repo.consumeMany(deps.db, values);
    if (!result.allowed && result.missingRows) {
      await repo.ensureRows(deps.db, subjects, key, now);
      result = await repo.consumeMany(deps.db, values);
    }
  }
  if (result.allowed) return { allowed: true, current: result.current, limit, tier };
  deps.metrics.record({ type: "quota-refusal", counter });
  // Refused (the rare path): the count as it stands, for the limit message.
  const current =
    result.current ??
    highest(
      await repo.readCounters(
        deps.db,
        subjects.map((s) => s.subjectId),
        key,
      ),
      counter,
    );
  return { allowed: false, current, limit, tier };
}

/**
 * Gives back a unit taken by consume() for work that then failed (a failed answer is never
 * charged): one statement, never below 0.
 */
export async function refund(options: {
  deps: Deps;
  caller: Caller;
  counter: UsageCounter;
  amount?: number;
}): Promise<void> {
  const tier = tierOf(options.caller);
  const { now, key } = currentPeriod(options.deps, tier);
  await repo.addAmount(options.deps.db, {
    subjectIds: subjectsOf(options.caller).map((s) => s.subjectId),
    period: key,
    counter: options.counter,
    amount: -(options.amount ?? 1),
    now,
  });
}

export async function summary(options: { deps: Deps; caller: Caller }): Promise<UsageSummary> {
  const tier = tierOf(options.caller);
  const { key, period, resetsAt } = currentPeriod(options.deps, tier);
  const rows = await repo.readCounters(
    options.deps.db,
    subjectsOf(options.caller).map((s) => s.subjectId),
    key,
  );
  const limits = options.deps.env.TIER_LIMITS[tier];
  const counter = (name: UsageCounter) => ({ current: highest(rows, name), limit: limits[name] });
  return {
    tier,
    period,
    periodKey: key,
    resetsAt: resetsAt.toISOString(),
    counters: {
      search: counter("search"),
      addFiles: counter("addFiles"),
      agentUsage: counter("agentUsage"),
    },
  };
}

export const ANONYMOUS_RETENTION_DAYS = 30;

export async function cleanupAnonymous(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ANONYMOUS_RETENTION_DAYS * 86_400_000);
  return repo.deleteStaleAnonymous(deps.db, before);
}

/**
 * The 429 of a refused unit: the limit, the count, when it resets and the way up (sign in for
 * anonymous visitors, the plans for free accounts) — what the quota card shows.
 */
export function quotaExceeded(
  deps: Deps,
  refused: UsageCheck & { counter: UsageCounter },
  message: string,
): AppError {
  const { period } = deps.env.TIER_LIMITS[refused.tier];
  return new AppError("quota_exceeded", message, {
    details: {
      counter: refused.counter,
      limit: refused.limit,
      current: refused.current,
      tier: refused.tier,
      resetsAt: periodResetsAt(period, deps.clock.now()).toISOString(),
      upgrade: refused.tier === "anonymous" ? "sign-in" : refused.tier === "free" ? "plans" : null,
    },
  });
}
export { accountData } from "./usage.account.ts";
