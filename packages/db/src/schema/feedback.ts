import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Spec §3 Feedback: userId, or sessionId (the anonymous id) for anonymous visitors. */
export const feedback = pgTable(
  "feedback",
  {
    id: text().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    sessionId: text(),
    entryId: text().notNull(),
    rating: text({ enum: ["up", "down"] }).notNull(),
    feedbackType: text(),
    feedbackText: text(),
    /** What was rated, a short snapshot (the question and the start of the answer, ≤ 500 chars). */
    query: text().notNull().default(""),
    answerExcerpt: text().notNull().default(""),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("feedback_user_entry_uq")
      .on(t.userId, t.entryId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("feedback_session_entry_uq")
      .on(t.sessionId, t.entryId)
      .where(sql`${t.sessionId} is not null`),
    index("feedback_ts_idx").on(t.timestamp.desc(), t.id.desc()),
  ],
);
