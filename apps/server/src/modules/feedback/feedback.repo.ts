import { type Db, schema } from "@nexus/db";
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";

const { feedback, users } = schema;
export type FeedbackRow = typeof feedback.$inferSelect;

/** Who rates: a signed-in user, or an anonymous browser (its anonymous id as sessionId). */
export type Rater = { userId: string } | { sessionId: string };

function raterWhere(rater: Rater): SQL | undefined {
  return "userId" in rater
    ? eq(feedback.userId, rater.userId)
    : eq(feedback.sessionId, rater.sessionId);
}

/** One rating per rater per entry: a new one replaces the old (partial unique indexes). */
export async function upsert(
  db: Db,
  options: { rater: Rater; values: Omit<typeof feedback.$inferInsert, "userId" | "sessionId"> },
): Promise<FeedbackRow> {
  const { rater, values } = options;
  const byUser = "userId" in rater;
  const [row] = await db
    .insert(feedback)
    .values({ ...values, ...rater })
    .onConflictDoUpdate({
      target: byUser ? [feedback.userId, feedback.entryId] : [feedback.sessionId, feedback.entryId],
      targetWhere: byUser ? isNotNull(feedback.userId) : isNotNull(feedback.sessionId),
      set: {
        rating: values.rating,
        feedbackType: values.feedbackType ?? null,
        feedbackText: values.feedbackText ?? null,
        query: values.query ?? "",
        answerExcerpt: values.answerExcerpt ?? "",
        timestamp: values.timestamp,
      },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function findOwn(
  db: Db,
  options: { rater: Rater; entryId: string },
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(raterWhere(options.rater), eq(feedback.entryId, options.entryId)))
    .limit(1);
  return row;
}

export interface AdminRow extends FeedbackRow {
  email: string | null;
}

/** Newest first, filtered, after the keyset (timestamp, id) of the previous page. */
export async function adminPage(
  db: Db,
  options: {
    rating?: string;
    type?: string;
    after?: { timestamp: Date; id: string };
    limit: number;
  },
): Promise<AdminRow[]> {
  const { rating, type, after } = options;
  const where = and(
    rating ? eq(feedback.rating, rating === "up" ? "up" : "down") : undefined,
    type ? eq(feedback.feedbackType, type) : undefined,
    after
      ? sql`(${feedback.timestamp}, ${feedback.id}) < (${after.timestamp.toISOString()}::timestamptz, ${after.id})`
      : undefined,
  );
  const rows = await db
    .select({ row: feedback, email: users.email })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.timestamp), desc(feedback.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r.row, email: r.email }));
}
