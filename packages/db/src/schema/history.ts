import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** One answered turn (spec §3 search history entry). Threads are grouped from these. */
export const searchHistory = pgTable(
  "search_history",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    query: text().notNull(),
    focusMode: text().notNull().default("web"),
    /** results.markdown plus sources, images, videos and thinking. */
    results: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The kind of chat the turn belongs to ("answer", "agent", …: ai/chat/runners.ts). */
    kind: text().notNull().default("answer"),
    /** What the chat was with: the agent's id for kind "agent"; null for answers. */
    subjectId: text(),
    /**
     * The reply as UI-message parts (contracts stored-turn.ts), for every kind; null: an answer
     * saved before answers kept them (its parts are derived from `results`).
     */
    parts: jsonb().$type<Array<Record<string, unknown>>>(),
    isBookmarked: boolean().notNull().default(false),
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(query, '') || ' ' || coalesce(results->>'markdown', ''))`,
    ),
  },
  (t) => [
    index("search_history_user_ts_idx").on(t.userId, t.timestamp.desc()),
    index("search_history_thread_ts_idx").on(t.threadId, t.timestamp),
    // The library's keyset order (timestamp, then id) straight from the index.
    index("search_history_bookmarks_idx").on(
      t.userId,
      t.isBookmarked,
      t.timestamp.desc(),
      t.id.desc(),
    ),
    // Full-text search is always within one user's entries: (user_id, search_vector) in one GIN
    // index (btree_gin, migration 0006) goes straight to that user's matches.
    index("search_history_user_fts_idx").using("gin", t.userId, t.searchVector),
    // History paging (modules/history): only answered entries count, and answers are large
    // (TOASTed) jsonb, so these partial indexes keep `results` out of every scan and probe.
    index("search_history_answered_user_idx")
      .on(t.userId, t.timestamp.desc(), t.id.desc())
      .where(sql`(${t.results}->>'markdown') <> ''`),
    // The agents hub's "Recently used" (modules/agents): a user's agent conversations only.
    index("search_history_agent_recent_idx")
      .on(t.userId, t.subjectId, t.timestamp.desc())
      .where(sql`${t.kind} = 'agent'`),
    index("search_history_answered_thread_idx")
      .on(t.threadId, t.userId, t.timestamp.desc(), t.id.desc())
      .where(sql`(${t.results}->>'markdown') <> ''`),
  ],
);

/**
 * A thread's own title, when its owner renamed it (otherwise a thread is titled by its first
 * query). Keyed by owner and thread: thread ids are the client's and say nothing about ownership.
 */
export const threadTitles = pgTable(
  "thread_titles",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    title: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);

/**
 * The threads their owner pinned (modules/history writes them): listed first in History and the
 * sidebar. Keyed by owner and thread, as titles are.
 */
export const threadPins = pgTable(
  "thread_pins",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    pinnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);
