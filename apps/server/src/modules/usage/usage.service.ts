import {
  isAllowed,
  periodKey,
  periodResetsAt,
  TIER_LIMITS,
  type Tier,
  type UsageCheck,
  type UsageCounter,
  type UsageSummary,
} from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import * as repo from "./usage.repo.ts";

export function tierOf(caller: Caller): Tier {
  return caller.user ? caller.user.tier : "anonymous";
}

/**
 * The counters a caller is charged on. Anonymous callers are counted per anonymous id AND per IP:
 * the stricter one decides, so rotating ids (or spoofed headers) gives no new quota.
 */
export function subjectsOf(caller: Caller): repo.Subject[] {
  if (caller.user)
    return [{ subjectId: caller.user.id, userId: caller.user.id, isAnonymous: false }];
  const subjects: repo.Subject[] = [
    { subjectId: `ip:${caller.ip}`, userId: null, isAnonymous: true },
  ];
  if (caller.anonId) subjects.push({ subjectId: caller.anonId, userId: null, isAnonymous: true });
  return subjects;
}

function currentPeriod(deps: Deps, tier: Tier) {
  const now = deps.clock.now();
  const { period } = TIER_LIMITS[tier];
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
  const limit = TIER_LIMITS[tier][options.counter];
  return { allowed: isAllowed(current, limit), current, limit, tier };
}

/**
 * Check-and-increment in one transaction with the counter rows locked: of N concurrent callers
 * with one unit left exactly one is allowed. Nothing is charged when not allowed.
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
  const limit = TIER_LIMITS[tier][counter];
  const { now, key } = currentPeriod(deps, tier);
  const subjects = subjectsOf(caller);
  const ids = subjects.map((s) => s.subjectId);
  await repo.ensureRows(deps.db, subjects, key, now);
  return deps.db.transaction(async (tx) => {
    const rows = await repo.lockCounters(tx, ids, key);
    const current = highest(rows, counter);
    if (!isAllowed(current + amount - 1, limit)) return { allowed: false, current, limit, tier };
    await repo.addToCounter(tx, { subjectIds: ids, period: key, counter, amount, now });
    return { allowed: true, current: current + amount, limit, tier };
  });
}

/** Gives back a unit taken by consume() for work that then failed (a failed answer is never charged). */
export async function refund(options: {
  deps: Deps;
  caller: Caller;
  counter: UsageCounter;
  amount?: number;
}): Promise<void> {
  const tier = tierOf(options.caller);
  const { now, key } = currentPeriod(options.deps, tier);
  await repo.addToCounter(options.deps.db, {
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
  const limits = TIER_LIMITS[tier];
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
