import { TIER_LIMITS, type UsageCounter, type UsageSummary } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocale } from "@/lib/i18n/i18n.ts";
import { usageKeys } from "@/lib/query-keys.ts";
import { leftText } from "@/lib/quota-left.ts";
import { useUsage } from "../api/get-usage.ts";

/** "2 agent chats left this month" once fewer than 3 remain, else null (lib/quota-left.ts). */
export function quotaLeftText(usage: UsageSummary, counter: UsageCounter): string | null {
  return leftText(usage.counters[counter], counter, TIER_LIMITS[usage.tier].period);
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
  useLocale();
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
