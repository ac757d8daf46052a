import fs from "node:fs";

/** A markdown table; numbers are right-aligned. */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? "").length)));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === "number"),
  );
  const line = (row: string[]) =>
    `| ${row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (numeric[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(headers), rule, ...rows.map((row) => line(row.map(String)))].join("\n");
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");

export interface BenchResult {
  title: string;
  markdown: string;
  /** Targets missed, one line each. */
  misses: string[];
}

function cpuTimes(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { busy: total - idle, total };
}

/** Share of the machine's CPU in use over `ms` (0–100); null without /proc/stat. */
export async function cpuBusyPercent(ms = 1_000): Promise<number | null> {
  try {
    const a = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const b = cpuTimes();
    return b.total > a.total ? Math.round(((b.busy - a.busy) / (b.total - a.total)) * 100) : null;
  } catch {
    return null;
  }
}

/**
 * Waits (up to maxWaitMs) for the machine to be quiet, so other work does not skew a measurement;
 * returns the CPU busy share seen last.
 */
export async function waitForQuietMachine(
  maxWaitMs = 60_000,
  threshold = 15,
): Promise<number | null> {
  const deadline = Date.now() + maxWaitMs;
  let busy = await cpuBusyPercent(2_000);
  while (busy !== null && busy > threshold && Date.now() < deadline)
    busy = await cpuBusyPercent(2_000);
  return busy;
}
