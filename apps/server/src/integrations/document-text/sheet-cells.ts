import type { ViewCell } from "@nexus/contracts";

/**
 * Typed spreadsheet cells (XLSX): a number shown as its number format says (a date format makes
 * the serial 21916.000011574073 "1960-01-01 00:00:01"), booleans as TRUE/FALSE, errors as written.
 * Used by the XLSX parser for both the grid view and the page text, so chat and viewer agree.
 */

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, plus the CJK ids). */
const DATE_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);
/** Built-in number formats with a fixed look (id → code). */
const BUILTIN: Record<number, string> = {
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  37: "#,##0",
  38: "#,##0",
  39: "#,##0.00",
  40: "#,##0.00",
};

export interface NumberFormat {
  date: boolean;
  /** A date format without a day, month or year: a time of day only. */
  timeOnly: boolean;
  code: string;
}

/** Is a format code a date or time? Quoted text, escapes, [colors] and [$-…] locales aside. */
export function formatOf(id: number, custom: Map<number, string>): NumberFormat {
  const code = custom.get(id) ?? BUILTIN[id] ?? (DATE_IDS.has(id) ? "yyyy-mm-dd" : "General");
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[(?!h\]|hh\]|m\]|mm\]|s\]|ss\])[^\]]*\]/gi, "")
    .split(";")[0] as string;
  const date = DATE_IDS.has(id) || (/[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim()));
  return { date, timeOnly: date && !/[dy]/i.test(bare) && !/m{3,}/i.test(bare), code };
}

const DAY_MS = 86_400_000;

/** An Excel serial day (1900 or 1904 system) as "YYYY-MM-DD", "HH:MM:SS" or both. */
export function serialToDate(serial: number, date1904 = false, timeOnly = false): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_466) return null;
  // 1900 system: day 1 is 1900-01-01, and Lotus's phantom 1900-02-29 (day 60) shifts later days.
  const epoch = date1904
    ? Date.UTC(1904, 0, 1)
    : serial >= 61
      ? Date.UTC(1899, 11, 30)
      : Date.UTC(1899, 11, 31);
  const ms = Math.round((epoch + serial * DAY_MS) / 1000) * 1000;
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const secs = d.getUTCSeconds();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${secs ? `:${pad(secs)}` : ""}`;
  if (timeOnly || (serial < 1 && serial > 0)) return time;
  return ms % DAY_MS === 0 ? day : `${day} ${time}`;
}

/** A number as its format shows it: fixed decimals, thousands separators, percent, or General. */
export function formatNumber(n: number, code: string): string {
  const bare = code.replace(/"[^"]*"/g, "").split(";")[0] ?? "";
  const percent = bare.includes("%");
  const value = percent ? n * 100 : n;
  if (/E\+/i.test(bare)) return n.toExponential(/\.(0+)/.exec(bare)?.[1]?.length ?? 2);
  const decimals = /\.([0#?]+)/.exec(bare)?.[1]?.length;
  const grouped = /[#0],[#0]/.test(bare);
  let text: string;
  if (decimals === undefined && !/[0#]/.test(bare))
    // General: up to 15 significant digits, so 0.1+0.2 shows as 0.3.
    text = String(Number(value.toPrecision(15)));
  else
    text = value.toLocaleString("en-US", {
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? 0,
      useGrouping: grouped,
    });
  return percent ? `${text}%` : text;
}

/** A cell from its raw value and type (`t`), with the format of its style. */
export function typedCell(
  raw: string,
  type: string | undefined,
  format: NumberFormat,
  date1904: boolean,
): ViewCell | null {
  if (type === "b") return { v: raw === "1" ? "TRUE" : "FALSE", t: "b" };
  if (type === "e") return raw ? { v: raw, t: "e" } : null;
  if (type === "d") {
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) return raw ? { v: raw, t: "s" } : null;
    const iso = new Date(ms).toISOString();
    return {
      v: iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " "),
      t: "d",
    };
  }
  if (type === "s" || type === "str" || type === "inlineStr")
    return raw ? { v: raw, t: "s" } : null;
  if (raw.trim() === "") return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return { v: raw, t: "s" };
  if (format.date) {
    const shown = serialToDate(n, date1904, format.timeOnly);
    if (shown) return { v: shown, t: "d", n };
  }
  return { v: formatNumber(n, format.code), t: "n", n };
}

/** "B12" → column 1 (0-based) or undefined. */
export function columnOf(ref: string | undefined): number | undefined {
  const letters = ref ? /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1]?.toUpperCase() : undefined;
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
