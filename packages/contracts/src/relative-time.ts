const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago" the way `Intl.RelativeTimeFormat("en", { numeric: "auto" })` says it, written
 * out: building that formatter (at module load, as this file did) cost 30–55 ms of main thread on
 * every app page that imports this, whether a time was shown or not (Lighthouse, issue 24).
 * apps/web/src/lib/relative-time.test.ts holds the two equal for every value used.
 */
function ago(count: number, unit: "minute" | "hour" | "day"): string {
  if (unit === "day" && count === 1) return "yesterday";
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** Built on first use: a date older than 30 days is rare in a page's first view. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(withYear: boolean, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ""}:${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      year: withYear ? "numeric" : undefined,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** Another interface language than English: Intl's own words ("vor 3 Stunden", "منذ 3 ساعات"). */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeFormats.set(locale, format);
  }
  return format;
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago"; a date after 30 days. `locale`: an
 * interface language other than English (Intl's words), or undefined (English, these words).
 */
export function relativeTime(iso: string, now: Date, locale: string | undefined): string {
  const at = new Date(iso);
  const time = at.getTime();
  if (Number.isNaN(time)) return iso;
  const elapsed = now.getTime() - time;
  if (elapsed < 30 * DAY && locale) {
    const words = relativeFormat(locale);
    if (elapsed < MINUTE) return words.format(0, "second");
    if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), "minute");
    if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), "hour");
    return words.format(-Math.floor(elapsed / DAY), "day");
  }
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 30 * DAY) return ago(Math.floor(elapsed / DAY), "day");
  return dateFormat(at.getFullYear() !== now.getFullYear(), locale).format(at);
}
