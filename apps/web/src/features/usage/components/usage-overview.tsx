import { USAGE_COUNTERS, type UsageCounter, type UsageSummary } from "@nexus/contracts";
import { ArrowRight, CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { ProgressBar } from "@/components/ui/progress-bar.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { TierBadge } from "@/components/ui/tier-badge.tsx";
import { paths } from "@/config/paths.ts";
import { formatDateTime, formatLimit, formatNumber } from "@/lib/format.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { useUsage } from "../api/get-usage.ts";

/** A counter's name in the interface's language (English: COUNTER_LABELS). */
const COUNTER_KEYS: Record<UsageCounter, MessageId> = {
  search: "spec.counterSearch",
  addFiles: "spec.counterAddFiles",
  agentUsage: "spec.counterAgentUsage",
};

function UsageRows({ usage }: { usage: UsageSummary }) {
  const t = useT();
  return (
    <ul className="flex flex-col divide-y divide-border">
      {USAGE_COUNTERS.map((counter) => {
        const { current, limit } = usage.counters[counter];
        const label = t(COUNTER_KEYS[counter]);
        return (
          <li
            key={counter}
            data-testid={`usage-row-${counter}`}
            className="flex flex-col gap-2 py-4"
          >
            <div className="flex items-baseline justify-between gap-4">
              <span className="text-sm font-medium">{label}</span>
              <span className="text-sm tabular-nums text-muted" data-testid="usage-value">
                <strong className="font-semibold text-fg">{formatNumber(current)}</strong>
                {" / "}
                {formatLimit(limit)}
              </span>
            </div>
            {limit === 0 ? (
              <p className="text-xs text-subtle">{t("usage.noLimit")}</p>
            ) : (
              <ProgressBar value={current} max={limit} label={label} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Current usage against the plan's limits, the period and when it resets. */
export function UsageOverview() {
  const t = useT();
  const usage = useUsage();
  if (usage.isPending) return <PageSpinner />;
  if (usage.isError) {
    return (
      <LoadError what={t("usage.what")} error={usage.error} onRetry={() => void usage.refetch()} />
    );
  }
  const data = usage.data;

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="usage-period-heading"
        className="rounded-2xl border border-border bg-surface p-5 shadow-xs sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2
              id="usage-period-heading"
              className="flex items-center gap-2 text-base font-semibold"
            >
              {data.period === "daily" ? t("usage.dailyLimits") : t("usage.monthlyLimits")}
              <TierBadge tier={data.tier} />
            </h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
              <CalendarClock className="size-4" aria-hidden="true" />
              <span>
                {richT("usage.period", {
                  key: <span data-testid="usage-period-key">{data.periodKey}</span>,
                  time: (
                    <time dateTime={data.resetsAt} data-testid="usage-resets-at">
                      {formatDateTime(data.resetsAt)}
                    </time>
                  ),
                })}
              </span>
            </p>
          </div>
          <Link
            to={paths.app.subscriptionPlans.href()}
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            {t("usage.viewPlans")}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        </div>
        <div className="mt-2">
          <UsageRows usage={data} />
        </div>
      </section>
      <p className="text-xs text-subtle">{t("usage.countNote")}</p>
      <p className="text-xs text-subtle">{t("usage.nexdocsAiEdits")}</p>
    </div>
  );
}
