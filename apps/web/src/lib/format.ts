import type { TierLimits } from "@nexus/contracts";

const integer = new Intl.NumberFormat("en-US");

export function formatNumber(value: number): string {
  return integer.format(value);
}

/** A usage limit: 0 means unlimited (spec §9). */
export function formatLimit(limit: number): string {
  return limit === 0 ? "Unlimited" : formatNumber(limit);
}

/** History retention: 0 is "no cap" for accounts but "none kept" without one (spec §6). */
export function formatHistoryKept(limits: TierLimits, anonymous: boolean): string {
  if (limits.maxChats === 0) return anonymous ? "Not kept" : "Unlimited";
  return `${formatNumber(limits.maxChats)} chats`;
}

export function perPeriod(limits: TierLimits): string {
  return limits.period === "daily" ? "per day" : "per month";
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
