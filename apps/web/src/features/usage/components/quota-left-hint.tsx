import {
  TIER_LIMITS,
  USAGE_COUNTER_NOUNS,
  type UsageCounter,
  type UsageSummary,
} from "@nexus/contracts";
import { useUsage } from "../api/get-usage.ts";

/** Shown once fewer than this many units of a counter remain. */
export const HINT_BELOW = 3;

/** "2 agent chats left this month" once fewer than 3 remain, else null. */
export function quotaLeftText(usage: UsageSummary, counter: UsageCounter): string | null {
  const { current, limit } = usage.counters[counter];
  const left = Math.max(limit - current, 0);
  if (left >= HINT_BELOW) return null;
  const nouns = USAGE_COUNTER_NOUNS[counter];
  const period = TIER_LIMITS[usage.tier].period === "daily" ? "today" : "this month";
  if (left === 0) return `No ${nouns.many} left ${period}`;
  return `${left} ${left === 1 ? nouns.one : nouns.many} left ${period}`;
}

/** The composer's note of a counter about to run out (from GET /api/usage). */
export function QuotaLeftHint({ counter }: { counter: UsageCounter }) {
  const { data } = useUsage();
  const text = data ? quotaLeftText(data, counter) : null;
  if (!text) return null;
  return (
    <span data-testid="quota-left" className="shrink-0 font-medium text-warning">
      {text}
    </span>
  );
}
