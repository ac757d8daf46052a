const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; a date after 30 days. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.getTime();
  if (Number.isNaN(time)) return iso;
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return at.toLocaleDateString(undefined, {
    day: "numeric",
    month: "short",
    year: at.getFullYear() === now.getFullYear() ? undefined : "numeric",
  });
}
