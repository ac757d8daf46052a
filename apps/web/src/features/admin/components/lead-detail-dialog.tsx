import {
  type AdminLead,
  DEPLOYMENT_PREFERENCES,
  type DeploymentPreference,
  LEAD_TRANSITIONS,
} from "@nexus/contracts";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useLead } from "../api/get-leads.ts";
import { useUpdateLeadStatus } from "../api/update-lead-status.ts";
import { LeadStatusBadge } from "./lead-status-badge.tsx";

const LINKEDIN = /^https:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\//i;

function deployment(value: string | null): string | null {
  if (!value) return null;
  return (DEPLOYMENT_PREFERENCES as readonly string[]).includes(value)
    ? t(`leads.deployment.${value as DeploymentPreference}` as MessageId)
    : value;
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
  const t = useT();
  const update = useUpdateLeadStatus();
  const next = LEAD_TRANSITIONS[lead.status];
  const move = (status: (typeof next)[number]) =>
    update.mutate(
      { leadId: lead.id, status },
      {
        onSuccess: () => notify("success", t(`admin.lead.moved.${status}` as MessageId)),
      },
    );
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label={t("admin.lead.email")}>
          <a
            href={`mailto:${lead.email}`}
            className="text-accent underline-offset-2 hover:underline"
          >
            {lead.email}
          </a>
        </Field>
        <Field label={t("admin.lead.company")}>{lead.company}</Field>
        <Field label={t("admin.lead.jobTitle")}>{lead.title}</Field>
        <Field label={t("admin.lead.companySize")}>{lead.companySize}</Field>
        <Field label={t("admin.lead.deployment")}>{deployment(lead.deploymentPreference)}</Field>
        <Field label={t("admin.lead.linkedin")}>
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
        <Field label={t("admin.lead.received")}>{formatDateTime(lead.timestamp)}</Field>
        <Field label={t("admin.lead.lastUpdated")}>{formatDateTime(lead.lastUpdated)}</Field>
      </dl>
      <div>
        <h3 className="text-xs font-medium text-subtle">{t("admin.lead.message")}</h3>
        <p className="mt-1 max-h-60 overflow-y-auto rounded-lg bg-surface-2 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {lead.message ?? <span className="text-subtle">{t("admin.lead.noMessage")}</span>}
        </p>
      </div>
      <section aria-labelledby="lead-status-heading" className="border-t border-border pt-4">
        <div className="flex items-center gap-2">
          <h3 id="lead-status-heading" className="text-sm font-medium">
            {t("admin.lead.status")}
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
                {t(`admin.lead.move.${status}` as MessageId)}
              </Button>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted">{t("admin.lead.closed")}</p>
        )}
        {update.isError ? (
          <Alert kind="error" className="mt-3">
            {t("admin.lead.statusFailed")} {errorMessage(update.error)}
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
  const t = useT();
  const query = useLead(leadId);
  const lead = query.data ?? fallback;
  return (
    <DialogRoot open={leadId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={lead ? lead.fullName : t("admin.lead.title")}
        description={lead ? t("admin.lead.kind") : undefined}
        className="max-w-xl"
        data-testid="lead-detail"
      >
        {lead ? (
          <LeadBody lead={lead} />
        ) : query.isError ? (
          <Alert kind="error">
            {t("admin.lead.loadFailed")} {errorMessage(query.error)}
          </Alert>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner className="text-accent" />
          </div>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
