import type { LeadStatus } from "@nexus/contracts";
import { clsx } from "clsx";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";

/** A lead status's name in the interface's language (English: LEAD_STATUS_LABELS). */
export const leadStatusLabel = (status: LeadStatus) =>
  t(`admin.lead.status.${status}` as MessageId);

const STYLES: Readonly<Record<LeadStatus, string>> = {
  new: "bg-accent-soft text-accent-soft-fg",
  contacted: "bg-warning-soft text-warning",
  qualified: "bg-surface-2 text-fg ring-1 ring-border",
  won: "bg-success-soft text-success",
  lost: "bg-surface-2 text-muted",
};

export function LeadStatusBadge({ status, testId }: { status: LeadStatus; testId?: string }) {
  useT();
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium",
        STYLES[status],
      )}
    >
      {leadStatusLabel(status)}
    </span>
  );
}
