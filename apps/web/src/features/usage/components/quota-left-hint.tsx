import {
  TIER_LIMITS,
  USAGE_COUNTER_NOUNS,
  type UsageCounter,
  type UsageSummary,
} from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { usageKeys } from "@/lib/query-keys.ts";
import { useUsage } from "../api/get-usage.ts";

/** Shown once fewer than this many units of a counter remain. */
export const HINT_BELOW = 3;

/**
 * "2 agent chats left this month" once fewer than 3 remain, else null; null too for a counter the
 * tier has none of (a visitor's file uploads: attaching asks them to sign in instead).
 */
export function quotaLeftText(usage: UsageSummary, counter: UsageCounter): string | null {
  const { current, limit } = usage.counters[counter];
  if (limit <= 0) return null;
  const left = Math.max(limit - current, 0);
  if (left >= HINT_BELOW) return null;
  const nouns = USAGE_COUNTER_NOUNS[counter];
  const period = TIER_LIMITS[usage.tier].period === "daily" ? "today" : "this month";
  if (left === 0) return `No ${nouns.many} left ${period}`;
  return `${left} ${left === 1 ? nouns.one : nouns.many} left ${period}`;
}

/**
 * The composer's note of a counter about to run out (from GET /api/usage). `refreshOn`: the counts
 * are read again whenever it changes (an answer ended, an upload finished).
 */
export function QuotaLeftHint({
  counter,
  refreshOn,
}: {
  counter: UsageCounter;
  refreshOn?: string | number | boolean;
}) {
  const { data } = useUsage();
  const queryClient = useQueryClient();
  const seen = useRef(refreshOn);
  useEffect(() => {
    if (seen.current === refreshOn) return;
    seen.current = refreshOn;
    void queryClient.invalidateQueries({ queryKey: usageKeys.all, exact: true });
  }, [refreshOn, queryClient]);
  const text = data ? quotaLeftText(data, counter) : null;
  if (!text) return null;
  return (
    <span
      data-testid="quota-left"
      data-counter={counter}
      className="shrink-0 font-medium text-warning"
    >
      {text}
    </span>
  );
}
