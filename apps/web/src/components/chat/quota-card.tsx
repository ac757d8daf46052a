import { type QuotaExceededDetails, TIER_LIMITS, USAGE_COUNTER_NOUNS } from "@nexus/contracts";
import { Gauge } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";

function formatResetsAt(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** What the card says: which counter ran out, how many were used, when they come back. */
export function quotaCardText(quota: QuotaExceededDetails) {
  const period = TIER_LIMITS[quota.tier].period === "daily" ? "today" : "this month";
  const noun = USAGE_COUNTER_NOUNS[quota.counter].many;
  return {
    noun,
    title: `You've used all ${quota.limit} ${noun} for ${period}`,
    // A conversation is charged once, by its first reply (agents.reserve.ts).
    note:
      quota.counter === "agentUsage"
        ? "Follow-ups in a conversation you already started do not count: you can still continue it."
        : null,
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
  const { noun, title, note: counterNote } = quotaCardText(quota);
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
            <span className="tabular-nums">
              {quota.current}/{quota.limit}
            </span>{" "}
            {noun} used.
            {resetsAt ? ` Your ${noun} reset on ${resetsAt}.` : null}
          </p>
          {note ? <p className="mt-1 text-muted">{note}</p> : null}
        </div>
      </div>
      {quota.upgrade === "sign-in" && onSignIn ? (
        <Button size="sm" className="self-start" onClick={onSignIn}>
          Sign in for more {noun}
        </Button>
      ) : null}
      {quota.upgrade === "plans" ? (
        <Link
          to={paths.app.subscriptionPlans.href()}
          className={buttonClasses({ size: "sm", className: "self-start" })}
        >
          See plans for more {noun}
        </Link>
      ) : null}
    </div>
  );
}
