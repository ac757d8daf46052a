import {
  type AdminLead,
  DEPLOYMENT_LABELS,
  type DeploymentPreference,
  LEAD_STATUS_LABELS,
  LEAD_TRANSITIONS,
} from "@nexus/contracts";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { notify } from "@/lib/notices.ts";
import { useLead } from "../api/get-leads.ts";
import { useUpdateLeadStatus } from "../api/update-lead-status.ts";
import { LeadStatusBadge } from "./lead-status-badge.tsx";

const LINKEDIN = /^https:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\//i;

function deployment(value: string | null): string | null {
  if (!value) return null;
  return value in DEPLOYMENT_LABELS ? DEPLOYMENT_LABELS[value as DeploymentPreference] : value;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-subtle">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">
        {children ?? <span className="text-subtle">—</span>}
      </dd>
    </div>
  );
}

function LeadBody({ lead }: { lead: AdminLead }) {
  const update = useUpdateLeadStatus();
  const next = LEAD_TRANSITIONS[lead.status];
  const move = (status: (typeof next)[number]) =>
    update.mutate(
      { leadId: lead.id, status },
      {
        onSuccess: () =>
          notify("success", `Lead marked as ${LEAD_STATUS_LABELS[status].toLowerCase()}.`),
      },
    );
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail">
          <a
            href={`mailto:${lead.email}`}
            className="text-accent underline-offset-2 hover:underline"
          >
            {lead.email}
          </a>
        </Field>
        <Field label="Company">{lead.company}</Field>
        <Field label="Job title">{lead.title}</Field>
        <Field label="Company size">{lead.companySize}</Field>
        <Field label="Deployment">{deployment(lead.deploymentPreference)}</Field>
        <Field label="LinkedIn">
          {lead.linkedinProfile && LINKEDIN.test(lead.linkedinProfile) ? (
            <a
              href={lead.linkedinProfile}
              target="_blank"
              rel="noopener noreferrer"
              className="text-accent underline-offset-2 hover:underline"
            >
              {lead.linkedinProfile}
            </a>
          ) : (
            lead.linkedinProfile
          )}
        </Field>
        <Field label="Received">{formatDateTime(lead.timestamp)}</Field>
        <Field label="Last updated">{formatDateTime(lead.lastUpdated)}</Field>
      </dl>
      <div>
        <h3 className="text-xs font-medium text-subtle">Message</h3>
        <p className="mt-1 max-h-60 overflow-y-auto rounded-lg bg-surface-2 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {lead.message ?? <span className="text-subtle">No message.</span>}
        </p>
      </div>
      <section aria-labelledby="lead-status-heading" className="border-t border-border pt-4">
        <div className="flex items-center gap-2">
          <h3 id="lead-status-heading" className="text-sm font-medium">
            Status
          </h3>
          <LeadStatusBadge status={lead.status} testId="lead-detail-status" />
        </div>
        {next.length > 0 ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {next.map((status) => (
              <Button
                key={status}
                variant={status === "lost" ? "outline" : "primary"}
                size="sm"
                disabled={update.isPending}
                onClick={() => move(status)}
                data-testid={`lead-move-${status}`}
              >
                {update.isPending && update.variables?.status === status ? (
                  <Spinner className="size-3.5" />
                ) : null}
                Mark as {LEAD_STATUS_LABELS[status].toLowerCase()}
              </Button>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted">This lead is closed.</p>
        )}
        {update.isError ? (
          <Alert kind="error" className="mt-3">
            The status was not changed. {errorMessage(update.error)}
          </Alert>
        ) : null}
      </section>
    </div>
  );
}

/** One lead, opened from the inbox or a link (?lead=): every field and its next statuses. */
export function LeadDetailDialog({
  leadId,
  fallback,
  onClose,
}: {
  leadId: string | null;
  fallback: AdminLead | undefined;
  onClose: () => void;
}) {
  const query = useLead(leadId);
  const lead = query.data ?? fallback;
  return (
    <DialogRoot open={leadId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={lead ? lead.fullName : "Lead"}
        description={lead ? "Book-a-demo request" : undefined}
        className="max-w-xl"
        data-testid="lead-detail"
      >
        {lead ? (
          <LeadBody lead={lead} />
        ) : query.isError ? (
          <Alert kind="error">This lead could not be loaded. {errorMessage(query.error)}</Alert>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner className="text-accent" />
          </div>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
