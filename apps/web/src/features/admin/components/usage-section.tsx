import { LEAD_STATUSES } from "@nexus/contracts";
import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatNumber } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useAdminUsage } from "../api/get-admin-usage.ts";
import { leadStatusLabel } from "./lead-status-badge.tsx";

function Card({
  title,
  note,
  wide = false,
  children,
}: {
  title: string;
  note: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-5 shadow-xs">
      <h2 className="text-sm font-semibold">{title}</h2>
      <p className="text-xs text-subtle">{note}</p>
      <dl className={wide ? "mt-4 grid grid-cols-3 gap-4" : "mt-4 grid grid-cols-2 gap-4"}>
        {children}
      </dl>
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-2xl font-semibold tabular-nums">
        {formatNumber(value)}
      </dd>
    </div>
  );
}

/** Totals of the current period: searches and users by tier, anonymous use today, leads. */
export function UsageSection() {
  const t = useT();
  const usage = useAdminUsage();
  if (usage.isPending) {
    return (
      <div data-testid="usage-loading" className="grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (usage.isError) {
    return (
      <LoadError
        what={t("admin.usage.what")}
        error={usage.error}
        onRetry={() => void usage.refetch()}
      />
    );
  }
  const u = usage.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="usage-overview">
      <Card
        title={t("admin.usage.searchesTitle")}
        note={t("admin.usage.searchesNote", { month: u.month })}
      >
        <Stat
          label={t("tier.free")}
          value={u.searchesThisMonth.free}
          testId="usage-searches-free"
        />
        <Stat label={t("tier.pro")} value={u.searchesThisMonth.pro} testId="usage-searches-pro" />
      </Card>
      <Card title={t("admin.usage.usersTitle")} note={t("admin.usage.usersNote")}>
        <Stat label={t("tier.free")} value={u.usersByTier.free} testId="usage-users-free" />
        <Stat label={t("tier.pro")} value={u.usersByTier.pro} testId="usage-users-pro" />
      </Card>
      <Card title={t("admin.usage.anonTitle")} note={t("admin.usage.anonNote", { day: u.day })}>
        <Stat
          label={t("admin.usage.searches")}
          value={u.anonymousSearchesToday}
          testId="usage-anon-searches"
        />
        <Stat label={t("admin.usage.visitors")} value={u.anonymousVisitorsToday} />
      </Card>
      <Card title={t("admin.usage.leadsTitle")} note={t("admin.usage.leadsNote")} wide>
        {LEAD_STATUSES.map((status) => (
          <Stat key={status} label={leadStatusLabel(status)} value={u.leadsByStatus[status]} />
        ))}
      </Card>
    </div>
  );
}
