import { type Db, schema } from "@nexus/db";
import { and, asc, eq, gt, ilike, or, sql } from "drizzle-orm";

const { users, runs, files } = schema;
export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export async function findById(db: Executor, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Creates the profile, or completes an existing one (every merge-update sets updatedAt). */
export async function upsertByEmail(
  db: Executor,
  values: { email: string; name: string; orgName: string | null; now: Date },
): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({
      email: values.email,
      name: values.name,
      orgName: values.orgName,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        updatedAt: values.now,
        name: sql`case when ${users.name} = '' then excluded.name else ${users.name} end`,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function update(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, "name" | "orgName" | "photoUrl" | "tier">> & { updatedAt: Date },
): Promise<UserRow | undefined> {
  const rows = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return rows[0];
}

/**
 * What a job of this person may carry (their account is being deleted): their id and e-mail, the
 * ids of their runs and files (job payloads carry ids only, G12).
 */
export async function jobMentionsOf(
  db: Executor,
  user: { id: string; email: string },
): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select ${runs.id}::text as id from ${runs} where ${runs.userId} = ${user.id}
        union all select ${files.id}::text as id from ${files} where ${files.userId} = ${user.id}`,
  );
  return [user.id, user.email, ...rows.rows.map((r) => r.id)];
}

/** Removes the user; foreign keys cascade to sessions, history, shares, feedback and usage. */
export async function remove(db: Executor, user: { id: string }): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function list(
  db: Executor,
  options: { query?: string; after?: string; limit: number },
): Promise<UserRow[]> {
  const filters = [];
  if (options.query) {
    const pattern = `%${options.query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  }
  if (options.after) filters.push(gt(users.email, options.after));
  return db
    .select()
    .from(users)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(users.email))
    .limit(options.limit);
}
