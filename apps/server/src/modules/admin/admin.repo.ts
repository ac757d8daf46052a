import { type Db, schema } from "@nexus/db";
import { and, eq, sql } from "drizzle-orm";

const { users, usageCounters, usageRecords } = schema;

/**
 * Read-only totals for the admin overview. They aggregate across the users and usage tables, so
 * they live here rather than in either module (which own the writes).
 */
export async function searchesByTier(db: Db, month: string) {
  return db
    .select({
      tier: users.tier,
      count: sql<number>`coalesce(sum(${usageCounters.search}), 0)::int`,
    })
    .from(usageCounters)
    .innerJoin(usageRecords, eq(usageRecords.subjectId, usageCounters.subjectId))
    .innerJoin(users, eq(users.id, usageRecords.userId))
    .where(and(eq(usageCounters.period, month), eq(usageRecords.isAnonymous, false)))
    .groupBy(users.tier);
}

export async function usersByTier(db: Db) {
  return db
    .select({ tier: users.tier, count: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.tier);
}

/**
 * Every anonymous search charges its address subject (ip:…) once, so their sum counts searches;
 * anonymous ids (anon_…) with a search count visitors.
 */
export async function anonymousToday(db: Db, day: string) {
  const [row] = await db
    .select({
      searches: sql<number>`coalesce(sum(${usageCounters.search}) filter (where ${usageCounters.subjectId} like 'ip:%'), 0)::int`,
      visitors: sql<number>`(count(*) filter (where ${usageCounters.subjectId} like 'anon\\_%' and ${usageCounters.search} > 0))::int`,
    })
    .from(usageCounters)
    .where(eq(usageCounters.period, day));
  return row ?? { searches: 0, visitors: 0 };
}
