import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { searchHistory } from "./history.ts";
import { users } from "./users.ts";

/** A snapshot of one answer behind a ≥128-bit random id (spec §3 Share). */
export const shares = pgTable(
  "shares",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: text().references(() => searchHistory.id, { onDelete: "cascade" }),
    content: text().notNull(),
    thinkingContent: text(),
    sources: jsonb().$type<unknown[]>().notNull().default([]),
    images: jsonb().$type<unknown[]>().notNull().default([]),
    videos: jsonb().$type<unknown[]>().notNull().default([]),
    query: text().notNull().default(""),
    focusMode: text().notNull().default("web"),
    isPdfFlow: boolean().notNull().default(false),
    isReasoningMode: boolean().notNull().default(false),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("shares_user_ts_idx").on(t.userId, t.timestamp.desc()),
    index("shares_entry_idx").on(t.entryId),
  ],
);

/** A snapshot of a whole thread (spec §3 Thread share). */
export const threadShares = pgTable(
  "thread_shares",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    thread: jsonb().$type<Record<string, unknown>>().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("thread_shares_user_ts_idx").on(t.userId, t.timestamp.desc()),
    index("thread_shares_thread_idx").on(t.userId, t.threadId),
  ],
);
