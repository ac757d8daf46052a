/** An earlier version of a turn, as saveTurn keeps it when the turn is regenerated or edited. */
export interface StoredVersion {
  query: string;
  /** ISO 8601. */
  timestamp: string;
  results: Record<string, unknown>;
  parts: Array<Record<string, unknown>> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A saved turn's earlier versions, oldest first (malformed ones are left out). */
export function versionsOf(results: Record<string, unknown>): StoredVersion[] {
  const list = results.versions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v): StoredVersion[] => {
    if (!isRecord(v) || typeof v.query !== "string" || !isRecord(v.results)) return [];
    const time = new Date(typeof v.timestamp === "string" ? v.timestamp : Number.NaN);
    return [
      {
        query: v.query,
        timestamp: Number.isNaN(time.getTime()) ? new Date(0).toISOString() : time.toISOString(),
        results: v.results,
        parts: Array.isArray(v.parts) ? v.parts.filter(isRecord) : null,
      },
    ];
  });
}
