import { DEPLOYMENT_LABELS, type DeploymentPreference } from "@nexus/contracts";
import type { Deps } from "../../deps.ts";
import * as users from "../users/users.service.ts";
import type { LeadRow } from "./leads.repo.ts";

/** Header-safe text: no line breaks or control characters (a subject must stay one line). */
function oneLine(value: string, max = 120): string {
  const flat = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function deploymentLabel(value: string | null): string | null {
  if (!value) return null;
  return value in DEPLOYMENT_LABELS ? DEPLOYMENT_LABELS[value as DeploymentPreference] : value;
}

export function leadMail(lead: LeadRow, appUrl: string): { subject: string; text: string } {
  const who = lead.company ? `${lead.fullName} (${lead.company})` : lead.fullName;
  const lines: Array<[string, string | null]> = [
    ["Name", lead.fullName],
    ["E-mail", lead.email],
    ["Company", lead.company],
    ["Company size", lead.companySize],
    ["Title", lead.title],
    ["LinkedIn", lead.linkedinProfile],
    ["Deployment", deploymentLabel(lead.deploymentPreference)],
    ["Received", lead.timestamp.toISOString()],
  ];
  const text = [
    "A new book-a-demo request arrived on Nexus.",
    "",
    ...lines.map(([label, value]) => `${label}: ${value ?? "—"}`),
    "",
    "Message:",
    lead.message ?? "—",
    "",
    `Open the leads inbox: ${appUrl}/app/admin/leads?lead=${lead.id}`,
  ].join("\n");
  return { subject: oneLine(`New demo request: ${who}`), text };
}

/**
 * Tells every super-admin about a new lead. Runs after the response was sent: nothing awaits it,
 * and a failure is logged, never thrown.
 */
export function notifySuperAdmins(deps: Deps, lead: LeadRow): void {
  const run = async () => {
    const recipients = await users.superAdminEmails(deps);
    if (recipients.length === 0) {
      deps.logger.info({ leadId: lead.id }, "new lead: no super-admin to notify (SUPER_ADMIN_IDS)");
      return;
    }
    const mail = leadMail(lead, deps.env.APP_URL);
    const results = await Promise.allSettled(
      recipients.map((to) => deps.mailer.send({ to, ...mail })),
    );
    const failed = results.filter((r) => r.status === "rejected");
    if (failed[0])
      deps.logger.error(
        { leadId: lead.id, failed: failed.length, err: failed[0].reason },
        "lead notification e-mail failed",
      );
  };
  run().catch((err: unknown) => {
    deps.logger.error({ leadId: lead.id, err }, "lead notification failed");
  });
}
