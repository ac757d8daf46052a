import { LEAD_STATUS_LABELS, type LeadStatus } from "@nexus/contracts";
import { clsx } from "clsx";

const STYLES: Readonly<Record<LeadStatus, string>> = {
  new: "bg-accent-soft text-accent-soft-fg",
  contacted: "bg-warning-soft text-warning",
  qualified: "bg-surface-2 text-fg ring-1 ring-border",
  won: "bg-success-soft text-success",
  lost: "bg-surface-2 text-muted",
};

export function LeadStatusBadge({ status, testId }: { status: LeadStatus; testId?: string }) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium",
        STYLES[status],
      )}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}
