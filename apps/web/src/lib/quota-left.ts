import { USAGE_COUNTER_NOUNS, type UsageCounter, type UsagePeriod } from "@nexus/contracts";

/** Shown once fewer than this many units of a counter remain. */
export const HINT_BELOW = 3;

/**
 * "2 agent chats left this month" once fewer than 3 remain, else null; null too for a counter the
 * tier has none of (a visitor's file uploads: attaching asks them to sign in instead).
 */
export function leftText(
  count: { current: number; limit: number },
  counter: UsageCounter,
  period: UsagePeriod,
): string | null {
  const { current, limit } = count;
  if (limit <= 0) return null;
  const left = Math.max(limit - current, 0);
  if (left >= HINT_BELOW) return null;
  const nouns = USAGE_COUNTER_NOUNS[counter];
  const when = period === "daily" ? "today" : "this month";
  if (left === 0) return `No ${nouns.many} left ${when}`;
  return `${left} ${left === 1 ? nouns.one : nouns.many} left ${when}`;
}
