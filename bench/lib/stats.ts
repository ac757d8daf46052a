/** Nearest-rank percentile (p in 0–100) of unsorted values; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** p50, p95, p99 and max, rounded to 0.1 ms. */
export function summarize(values: readonly number[]): {
  p50: number;
  p95: number;
  p99: number;
  max: number;
} {
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(percentile(values, 100)),
  };
}
