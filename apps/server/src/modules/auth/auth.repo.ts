import { type Db, schema } from "@nexus/db";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SessionUser } from "../../deps.ts";
import { preparedQuery } from "../../lib/prepared.ts";

const { signInTokens, sessions, users } = schema;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** Wrong e-mails tried against one link before it dies. */
export const MAX_FAILED_ATTEMPTS = 5;

/** Stores a new link; the address's earlier links stay valid (no one can void another's link). */
export async function insertToken(
  db: Db,
  values: { tokenHash: string; email: string; now: Date; expiresAt: Date },
) {
  await db.insert(signInTokens).values({
    tokenHash: values.tokenHash,
    email: values.email,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Ends every unused link of the address (after one of them signed it in). */
export async function voidUnused(db: Executor, values: { email: string; now: Date }) {
  await db
    .update(signInTokens)
    .set({ usedAt: values.now })
    .where(and(eq(signInTokens.email, values.email), isNull(signInTokens.usedAt)));
}

function usable(tokenHash: string, now: Date) {
  return and(
    eq(signInTokens.tokenHash, tokenHash),
    isNull(signInTokens.usedAt),
    gt(signInTokens.expiresAt, now),
    lt(signInTokens.failedAttempts, MAX_FAILED_ATTEMPTS),
  );
}

export async function isUsable(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ h: signInTokens.tokenHash })
    .from(signInTokens)
    .where(usable(tokenHash, now))
    .limit(1);
  return rows.length > 0;
}

/** Atomic single use: of any number of concurrent callers exactly one gets the row back. */
export async function consume(
  db: Executor,
  values: { tokenHash: string; email: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(signInTokens)
    .set({ usedAt: values.now })
    .where(and(usable(values.tokenHash, values.now), eq(signInTokens.email, values.email)))
    .returning({ h: signInTokens.tokenHash });
  return rows.length > 0;
}

export async function recordFailedAttempt(db: Executor, tokenHash: string): Promise<void> {
  await db
    .update(signInTokens)
    .set({ failedAttempts: sql`${signInTokens.failedAttempts} + 1` })
    .where(eq(signInTokens.tokenHash, tokenHash));
}

export async function insertSession(
  db: Executor,
  values: { idHash: string; userId: string; now: Date; expiresAt: Date },
) {
  await db.insert(sessions).values({
    idHash: values.idHash,
    userId: values.userId,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

const sessionUserQuery = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      photoUrl: users.photoUrl,
      orgName: users.orgName,
      orgId: users.orgId,
      tier: users.tier,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("session_user"),
);

/** The hot path of every request: one prepared, indexed lookup. */
export async function findSessionUser(
  db: Db,
  idHash: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const rows = await sessionUserQuery(db).execute({ idHash, now });
  return rows[0];
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Removes every sign-in link sent to an address (its account is being deleted). */
export async function deleteTokensOf(db: Executor, email: string): Promise<void> {
  await db.delete(signInTokens).where(eq(signInTokens.email, email));
}

export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
  await db
    .delete(signInTokens)
    .where(or(lte(signInTokens.expiresAt, now), sql`${signInTokens.usedAt} is not null`));
}
