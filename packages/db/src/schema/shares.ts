import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { searchHistory } from "./history.ts";
import { nexdocsDocuments } from "./nexdocs.ts";
import { users } from "./users.ts";

/**
 * A snapshot of one answer behind a ≥128-bit random id (spec §3 Share). Deleting the entry or the
 * account deletes the share (cascade); revoking sets revoked_at. One live link per entry.
 */
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
    /** Answered by the built-in offline engine (the page labels it "Offline mode"). */
    offline: boolean().notNull().default(false),
    /** The start of the answer as plain text, for the share page's meta tags. */
    description: text().notNull().default(""),
    /** An agent's reply: the agent (id, name…) and the reply's UI-message parts; null: answers. */
    agent: jsonb().$type<Record<string, unknown>>(),
    parts: jsonb().$type<Array<Record<string, unknown>>>(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("shares_user_ts_idx").on(t.userId, t.timestamp.desc()),
    index("shares_entry_idx").on(t.entryId),
    uniqueIndex("shares_entry_live_uq").on(t.entryId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A snapshot of a whole thread (spec §3 Thread share). Deleting any entry it contains revokes it
 * (trigger search_history_revoke_thread_shares, migration 0003); the account cascades.
 */
export const threadShares = pgTable(
  "thread_shares",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    thread: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The first query (the thread's title). */
    title: text().notNull().default(""),
    /** The start of the first answer as plain text, for the share page's meta tags. */
    description: text().notNull().default(""),
    /** The search_history ids in the snapshot: deleting any of them revokes the share. */
    entryIds: text().array().notNull().default(sql`'{}'::text[]`),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("thread_shares_user_ts_idx").on(t.userId, t.timestamp.desc()),
    index("thread_shares_thread_idx").on(t.userId, t.threadId),
    uniqueIndex("thread_shares_live_uq")
      .on(t.userId, t.threadId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A read-only link to a NexDocs document (issue 40): the document as it is when read (not a
 * snapshot), behind a ≥128-bit id starting with "d". Deleting the document or the account deletes
 * the link (cascade); revoking sets revoked_at. One live link per document.
 */
export const nexdocsShares = pgTable(
  "nexdocs_shares",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: uuid()
      .notNull()
      .references(() => nexdocsDocuments.id, { onDelete: "cascade" }),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("nexdocs_shares_user_ts_idx").on(t.userId, t.timestamp.desc()),
    uniqueIndex("nexdocs_shares_live_uq").on(t.documentId).where(sql`${t.revokedAt} is null`),
  ],
);
