import type { FocusMode } from "@nexus/contracts";
import type { LucideIcon } from "lucide-react";
import { formatDateTime } from "@/lib/format.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";

/** How a focus mode looks (icon and name); the app layer provides it from the answer feature. */
export type FocusModeDisplay = (mode: FocusMode) => { icon: LucideIcon; label: string } | undefined;

/** The facts under a thread or an answer in a list: its focus mode and when it happened. */
export function EntryMeta({
  focusMode,
  focusModeDisplay,
  timestamp,
  now,
}: {
  focusMode: FocusMode;
  focusModeDisplay: FocusModeDisplay | undefined;
  /** ISO 8601. */
  timestamp: string;
  now: Date;
}) {
  const focus = focusModeDisplay?.(focusMode);
  const FocusIcon = focus?.icon;
  return (
    <>
      {FocusIcon && focus ? (
        <span
          className="inline-flex items-center gap-1"
          title={t("home.focusIs", { mode: focus.label })}
        >
          <FocusIcon className="size-3.5" aria-hidden="true" />
          {focus.label}
        </span>
      ) : null}
      <time dateTime={timestamp} title={formatDateTime(timestamp)}>
        {formatRelativeTime(timestamp, now)}
      </time>
    </>
  );
}
