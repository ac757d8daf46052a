import { type QuotaExceededDetails, TIER_LIMITS } from "@nexus/contracts";
import { Gauge } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { intlLocale, t, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";

function formatResetsAt(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(intlLocale(), { dateStyle: "medium", timeStyle: "short" });
}

/** What the card says: which counter ran out, how many were used, when they come back. */
export function quotaCardText(quota: QuotaExceededDetails) {
  const period = TIER_LIMITS[quota.tier].period;
  return {
    title: t("chat.quota.title", { limit: quota.limit, counter: quota.counter, period }),
    // A conversation is charged once, by its first reply (agents.reserve.ts).
    note: quota.counter === "agentUsage" ? t("chat.quota.followUps") : null,
  };
}

/**
 * 429 quota_exceeded, for answers and agents alike: which counter ran out (searches, agent chats,
 * file uploads), how many were used, when they come back, and the way up.
 */
export function QuotaCard({
  quota,
  onSignIn,
  note: ownNote,
}: {
  quota: QuotaExceededDetails;
  onSignIn: (() => void) | undefined;
  /** What this action's wall says of its own counting (research: a run is one agent chat). */
  note?: string;
}) {
  useT();
  const { title, note: counterNote } = quotaCardText(quota);
  const counter = quota.counter;
  const note = ownNote ?? counterNote;
  const resetsAt = formatResetsAt(quota.resetsAt);
  return (
    <div
      role="alert"
      data-testid="quota-limit"
      data-counter={quota.counter}
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm"
    >
      <div className="flex items-start gap-2.5">
        <Gauge className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">{title}</p>
          <p className="mt-1 text-muted">
            {richT(
              "chat.quota.used",
              {
                count: (
                  <span className="tabular-nums">
                    {quota.current}/{quota.limit}
                  </span>
                ),
              },
              { counter },
            )}
            {resetsAt ? ` ${t("chat.quota.resets", { counter, date: resetsAt })}` : null}
          </p>
          {note ? <p className="mt-1 text-muted">{note}</p> : null}
        </div>
      </div>
      {quota.upgrade === "sign-in" && onSignIn ? (
        <Button size="sm" className="self-start" onClick={onSignIn}>
          {t("chat.quota.signIn", { counter })}
        </Button>
      ) : null}
      {quota.upgrade === "plans" ? (
        <Link
          to={paths.app.subscriptionPlans.href()}
          className={buttonClasses({ size: "sm", className: "self-start" })}
        >
          {t("chat.quota.plans", { counter })}
        </Link>
      ) : null}
    </div>
  );
}
