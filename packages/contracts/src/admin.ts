import { z } from "zod";

const count = z.number().int().min(0);
const countsByTier = z.object({ free: count, pro: count });

/**
 * GET /api/admin/usage: totals of the current period. Searches by tier count accounts by the tier
 * they hold now; anonymous searches are counted once per search (per address).
 */
export const adminUsageSchema = z.object({
  /** YYYY-MM (accounts' monthly period, UTC). */
  month: z.string(),
  /** YYYY-MM-DD (anonymous daily period, UTC). */
  day: z.string(),
  searchesThisMonth: countsByTier,
  usersByTier: countsByTier,
  anonymousSearchesToday: count,
  /** Distinct anonymous ids that searched today. */
  anonymousVisitorsToday: count,
  leadsByStatus: z.object({
    new: count,
    contacted: count,
    qualified: count,
    won: count,
    lost: count,
  }),
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;

/** Sections of the admin area (/app/admin/:section). */
export const ADMIN_SECTIONS = ["leads", "feedback", "users", "usage"] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
