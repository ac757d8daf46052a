import { type AdminUsage, periodKey } from "@nexus/contracts";
import type { Deps } from "../../deps.ts";
import * as leads from "../leads/leads.service.ts";
import * as repo from "./admin.repo.ts";

function byTier(rows: Array<{ tier: string; count: number }>): { free: number; pro: number } {
  const totals = { free: 0, pro: 0 };
  for (const { tier, count } of rows) if (tier === "free" || tier === "pro") totals[tier] += count;
  return totals;
}

/** The usage overview: this month's searches and users by tier, today's anonymous searches, leads. */
export async function usageOverview(deps: Pick<Deps, "db" | "clock">): Promise<AdminUsage> {
  const now = deps.clock.now();
  const month = periodKey("monthly", now);
  const day = periodKey("daily", now);
  const [searches, usersByTier, anonymous, leadsByStatus] = await Promise.all([
    repo.searchesByTier(deps.db, month),
    repo.usersByTier(deps.db),
    repo.anonymousToday(deps.db, day),
    leads.countByStatus(deps),
  ]);
  return {
    month,
    day,
    searchesThisMonth: byTier(searches),
    usersByTier: byTier(usersByTier),
    anonymousSearchesToday: anonymous.searches,
    anonymousVisitorsToday: anonymous.visitors,
    leadsByStatus,
  };
}
