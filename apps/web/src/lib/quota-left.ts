import type { UsageCounter, UsagePeriod } from "@nexus/contracts";
import { type MessageId, t } from "./i18n/i18n.ts";

/** Shown once fewer than this many units of a counter remain. */
export const HINT_BELOW = 3;

/**
 * Each counter's sentences for each period (ICU plurals over `left`, Arabic's six forms): `left`
 * says "2 agent chats left this month" (0: "No agent chats left this month"), `of` says "4 of 5
 * agent chats left this month" (never with 0: `left` says that). `of` is said only before a deep
 * research starts (QuotaUpFront), so its messages are in research's catalogue part
 * (catalogue-parts.ts), loaded with that screen, not in the app's every page loads.
 */
const SENTENCES: Readonly<
  Record<UsageCounter, Readonly<Record<UsagePeriod, { left: MessageId; of: MessageId }>>>
> = {
  search: {
    daily: { left: "quota.search.daily.left", of: "research.quota.search.daily.of" },
    monthly: { left: "quota.search.monthly.left", of: "research.quota.search.monthly.of" },
  },
  addFiles: {
    daily: { left: "quota.addFiles.daily.left", of: "research.quota.addFiles.daily.of" },
    monthly: { left: "quota.addFiles.monthly.left", of: "research.quota.addFiles.monthly.of" },
  },
  agentUsage: {
    daily: { left: "quota.agentUsage.daily.left", of: "research.quota.agentUsage.daily.of" },
    monthly: { left: "quota.agentUsage.monthly.left", of: "research.quota.agentUsage.monthly.of" },
  },
};

/** "2 agent chats left this month", "No searches left today", in the interface's language. */
export function leftSentence(left: number, counter: UsageCounter, period: UsagePeriod): string {
  return t(SENTENCES[counter][period].left, { left });
}

/** "4 of 5 agent chats left this month" (left > 0), in the interface's language. */
export function leftOfSentence(
  count: { left: number; limit: number },
  counter: UsageCounter,
  period: UsagePeriod,
): string {
  return t(SENTENCES[counter][period].of, count);
}

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
  return leftSentence(left, counter, period);
}
