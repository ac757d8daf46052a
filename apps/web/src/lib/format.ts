import type { TierLimits } from "@nexus/contracts";
import { intlLocale, t } from "./i18n/i18n.ts";

const integer = new Intl.NumberFormat("en-US");
const integers = new Map<string, Intl.NumberFormat>();

/** "12,345" in English; in another interface language, that language's way. */
export function formatNumber(value: number): string {
  const locale = intlLocale();
  if (!locale) return integer.format(value);
  let format = integers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    integers.set(locale, format);
  }
  return format.format(value);
}

const percents = new Map<string, Intl.NumberFormat>();

/** A fraction as a whole percentage: "125%" in English, "125 %" in German or French. */
export function formatPercent(fraction: number): string {
  const locale = intlLocale() ?? "en-US";
  let format = percents.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
    percents.set(locale, format);
  }
  return format.format(fraction);
}

/** A usage limit: 0 means unlimited (spec §9). */
export function formatLimit(limit: number): string {
  return limit === 0 ? t("usage.unlimited") : formatNumber(limit);
}

/** History retention: 0 is "no cap" for accounts but "none kept" without one (spec §6). */
export function formatHistoryKept(limits: TierLimits, anonymous: boolean): string {
  if (limits.maxChats === 0 && anonymous) return t("plans.notKept");
  return t("plans.historyChats", { count: limits.maxChats });
}

export function perPeriod(limits: TierLimits): string {
  return limits.period === "daily" ? "per day" : "per month";
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(intlLocale(), { dateStyle: "medium", timeStyle: "short" });
}
