import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window request counters of every rate limit, shared by all instances and kept across
 * restarts: one row per (limit, caller key, window). A check is one upsert that returns the new
 * count; rows whose window has ended are deleted by the daily housekeeping.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    /** Which limit ("signin_ip", "leads", "share_miss", …). */
    bucket: text().notNull(),
    /** Whom it counts: a client network key, or an e-mail address plus one. */
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    /** When the window ends (the row is then garbage). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key, t.windowStart] }),
    index("rate_limits_expires_at_idx").on(t.expiresAt),
  ],
);
