import { TIER_LIMITS, type UsageCounter, type UsageSummary } from "@nexus/contracts";
import { clsx } from "clsx";
import { t, useLocale } from "@/lib/i18n/i18n.ts";
import { leftOfSentence, leftSentence } from "@/lib/quota-left.ts";
import { useUsage } from "../api/get-usage.ts";

/**
 * What a metered start will use, said before it is used: "4 of 5 agent chats left this month · a
 * research run uses one", in the interface's language (`uses` is said in it too). Null when the
 * counter has no limit for this tier (pro's counts are large; a visitor's unlimited ones).
 */
export function quotaUpFrontText(
  usage: UsageSummary,
  counter: UsageCounter,
  uses: string,
): string | null {
  const { current, limit } = usage.counters[counter];
  if (limit <= 0 || usage.tier === "pro") return null;
  const left = Math.max(limit - current, 0);
  const period = TIER_LIMITS[usage.tier].period;
  if (left === 0)
    return t("research.quota.noneUses", { quota: leftSentence(0, counter, period), uses });
  return t("research.quota.leftUses", {
    quota: leftOfSentence({ left, limit }, counter, period),
    uses,
  });
}

/** The note beside a metered start's button (GET /api/usage); nothing until the counts arrive. */
export function QuotaUpFront({ counter, uses }: { counter: UsageCounter; uses: string }) {
  useLocale();
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
