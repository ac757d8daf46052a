import { relativeTime } from "@nexus/contracts";
import { intlLocale } from "./i18n/i18n.ts";

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago"; a date after 30 days: in the interface
 * language (@nexus/contracts relativeTime, which the server's first views use too).
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  return relativeTime(iso, now, intlLocale());
}
