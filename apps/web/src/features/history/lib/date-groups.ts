export const DATE_GROUP_LABELS = [
  "Today",
  "Yesterday",
  "Previous 7 days",
  "Previous 30 days",
  "Older",
] as const;
export type DateGroupLabel = (typeof DATE_GROUP_LABELS)[number];

export interface DateGroup<T> {
  label: DateGroupLabel;
  items: T[];
}

/** Local midnight `days` days before the day of `now` (calendar days, so DST changes are fine). */
function startOfDay(now: Date, daysBack: number): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack).getTime();
}

/** Which group a moment belongs to, in the time zone of the browser. A future time is "Today". */
export function dateGroupOf(iso: string, now: Date = new Date()): DateGroupLabel {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "Older";
  if (time >= startOfDay(now, 0)) return "Today";
  if (time >= startOfDay(now, 1)) return "Yesterday";
  if (time >= startOfDay(now, 7)) return "Previous 7 days";
  if (time >= startOfDay(now, 30)) return "Previous 30 days";
  return "Older";
}

/**
 * Items (already newest first) in date groups, in the order Today → Older; empty groups are left
 * out and the order inside a group is kept.
 */
export function groupByDate<T>(
  items: readonly T[],
  timestampOf: (item: T) => string,
  now: Date = new Date(),
): DateGroup<T>[] {
  const buckets = new Map<DateGroupLabel, T[]>();
  for (const item of items) {
    const label = dateGroupOf(timestampOf(item), now);
    const bucket = buckets.get(label);
    if (bucket) bucket.push(item);
    else buckets.set(label, [item]);
  }
  return DATE_GROUP_LABELS.flatMap((label) => {
    const bucket = buckets.get(label);
    return bucket ? [{ label, items: bucket }] : [];
  });
}
