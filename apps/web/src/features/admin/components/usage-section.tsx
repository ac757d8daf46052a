import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "@nexus/contracts";
import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatNumber } from "@/lib/format.ts";
import { useAdminUsage } from "../api/get-admin-usage.ts";

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
    return <LoadError what="Usage" error={usage.error} onRetry={() => void usage.refetch()} />;
  }
  const u = usage.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="usage-overview">
      <Card title="Searches this month" note={`${u.month} (UTC), by the account's current tier`}>
        <Stat label="Free" value={u.searchesThisMonth.free} testId="usage-searches-free" />
        <Stat label="Pro" value={u.searchesThisMonth.pro} testId="usage-searches-pro" />
      </Card>
      <Card title="Users" note="Accounts by tier">
        <Stat label="Free" value={u.usersByTier.free} testId="usage-users-free" />
        <Stat label="Pro" value={u.usersByTier.pro} testId="usage-users-pro" />
      </Card>
      <Card title="Anonymous today" note={`${u.day} (UTC), without an account`}>
        <Stat label="Searches" value={u.anonymousSearchesToday} testId="usage-anon-searches" />
        <Stat label="Visitors" value={u.anonymousVisitorsToday} />
      </Card>
      <Card title="Leads" note="Book-a-demo requests by status" wide>
        {LEAD_STATUSES.map((status) => (
          <Stat key={status} label={LEAD_STATUS_LABELS[status]} value={u.leadsByStatus[status]} />
        ))}
      </Card>
    </div>
  );
}
