import type { LeadStatus } from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";

const { leads } = schema;
export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
}

export interface LeadKey {
  timestamp: Date;
  id: string;
}

export async function insert(db: Db, values: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findById(db: Db, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

function filterWhere(filter: LeadFilter): SQL | undefined {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
  return and(
    filter.status ? eq(leads.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(leads.fullName, pattern),
          ilike(leads.email, pattern),
          ilike(leads.company, pattern),
        )
      : undefined,
  );
}

/** Newest first, filtered, after the keyset (timestamp, id) of the previous page. */
export async function page(
  db: Db,
  options: { filter: LeadFilter; after?: LeadKey; limit: number },
): Promise<LeadRow[]> {
  const { after } = options;
  return db
    .select()
    .from(leads)
    .where(
      and(
        filterWhere(options.filter),
        after
          ? sql`(${leads.timestamp}, ${leads.id}) < (${after.timestamp.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(leads.timestamp), desc(leads.id))
    .limit(options.limit);
}

/** Moves a lead only if it is still at `from` (a concurrent change makes this a no-op). */
export async function moveStatus(
  db: Db,
  options: { id: string; from: LeadStatus; to: LeadStatus; now: Date },
): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ status: options.to, lastUpdated: options.now })
    .where(and(eq(leads.id, options.id), eq(leads.status, options.from)))
    .returning();
  return row;
}

export async function countByStatus(db: Db): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: leads.status, count: sql<number>`count(*)::int` })
    .from(leads)
    .groupBy(leads.status);
}
