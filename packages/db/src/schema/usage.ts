import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Spec §3 Usage record. subjectId is a user id, an anonymous id (anon_…) or an IP subject (ip:…),
 * so anonymous quota is counted both per browser and per address.
 */
export const usageRecords = pgTable(
  "usage_records",
  {
    subjectId: text().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    isAnonymous: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("usage_records_anon_updated_idx").on(t.isAnonymous, t.lastUpdated),
    index("usage_records_user_idx").on(t.userId),
  ],
);

/** Counters per period: YYYY-MM-DD for anonymous subjects, YYYY-MM for accounts. */
export const usageCounters = pgTable(
  "usage_counters",
  {
    subjectId: text()
      .notNull()
      .references(() => usageRecords.subjectId, { onDelete: "cascade" }),
    period: text().notNull(),
    search: integer().notNull().default(0),
    addFiles: integer().notNull().default(0),
    agentUsage: integer().notNull().default(0),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.period] })],
);
