import type { RunStatusValue } from "@nexus/contracts";
import { clsx } from "clsx";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";

const STYLES: Readonly<Record<RunStatusValue, string>> = {
  queued: "bg-surface-2 text-muted",
  running: "bg-accent-soft text-accent-soft-fg",
  succeeded: "bg-success-soft text-success",
  failed: "bg-danger-soft text-danger",
  cancelled: "bg-surface-2 text-muted",
};

/** A research's status as a small badge. */
export function StatusBadge({ status }: { status: RunStatusValue }) {
  const t = useT();
  return (
    <span
      data-testid="research-status"
      data-status={status}
      className={clsx("rounded-full px-2 py-0.5 text-xs font-medium", STYLES[status])}
    >
      {t(`research.status.${status}` as MessageId)}
    </span>
  );
}
