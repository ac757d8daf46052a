import { type QuotaExceededDetails, TIER_LIMITS } from "@nexus/contracts";
import { Gauge } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";

function formatResetsAt(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** 429 quota_exceeded: how many searches were used, when they come back, and the way up. */
export function QuotaCard({
  quota,
  onSignIn,
}: {
  quota: QuotaExceededDetails;
  onSignIn: (() => void) | undefined;
}) {
  const period = TIER_LIMITS[quota.tier].period === "daily" ? "today" : "this month";
  const resetsAt = formatResetsAt(quota.resetsAt);
  return (
    <div
      role="alert"
      data-testid="quota-limit"
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm"
    >
      <div className="flex items-start gap-2.5">
        <Gauge className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">
            You've used all {quota.limit} searches for {period}
          </p>
          <p className="mt-1 text-muted">
            <span className="tabular-nums">
              {quota.current}/{quota.limit}
            </span>{" "}
            searches used.
            {resetsAt ? ` Your searches reset on ${resetsAt}.` : null}
          </p>
        </div>
      </div>
      {quota.upgrade === "sign-in" && onSignIn ? (
        <Button size="sm" className="self-start" onClick={onSignIn}>
          Sign in for more searches
        </Button>
      ) : null}
      {quota.upgrade === "plans" ? (
        <Link
          to={paths.app.subscriptionPlans.href()}
          className={buttonClasses({ size: "sm", className: "self-start" })}
        >
          See plans for more searches
        </Link>
      ) : null}
    </div>
  );
}
