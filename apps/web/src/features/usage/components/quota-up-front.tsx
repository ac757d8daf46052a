import {
  TIER_LIMITS,
  USAGE_COUNTER_NOUNS,
  type UsageCounter,
  type UsageSummary,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { useUsage } from "../api/get-usage.ts";

/**
 * What a metered start will use, said before it is used: "4 of 5 agent chats left this month · a
 * research run uses one". Null when the counter has no limit for this tier (pro's counts are
 * large; a visitor's unlimited ones).
 */
export function quotaUpFrontText(
  usage: UsageSummary,
  counter: UsageCounter,
  uses: string,
): string | null {
  const { current, limit } = usage.counters[counter];
  if (limit <= 0 || usage.tier === "pro") return null;
  const left = Math.max(limit - current, 0);
  const nouns = USAGE_COUNTER_NOUNS[counter];
  const when = TIER_LIMITS[usage.tier].period === "daily" ? "today" : "this month";
  if (left === 0) return `No ${nouns.many} left ${when}: ${uses}`;
  return `${left} of ${limit} ${limit === 1 ? nouns.one : nouns.many} left ${when} · ${uses}`;
}

/** The note beside a metered start's button (GET /api/usage); nothing until the counts arrive. */
export function QuotaUpFront({ counter, uses }: { counter: UsageCounter; uses: string }) {
  const { data } = useUsage();
  const text = data ? quotaUpFrontText(data, counter, uses) : null;
  if (!text) return null;
  const none = data ? data.counters[counter].current >= data.counters[counter].limit : false;
  return (
    <p
      data-testid="quota-up-front"
      data-counter={counter}
      className={clsx("text-sm", none ? "font-medium text-warning" : "text-muted")}
    >
      {text}
    </p>
  );
}
