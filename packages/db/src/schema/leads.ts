import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Spec §3 Lead (book-a-demo form). */
export const leads = pgTable(
  "leads",
  {
    id: text().primaryKey(),
    fullName: text().notNull(),
    email: text().notNull(),
    company: text(),
    companySize: text(),
    title: text(),
    linkedinProfile: text(),
    deploymentPreference: text(),
    message: text(),
    source: text().notNull().default("book_demo"),
    status: text().notNull().default("new"),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // The admin inbox: newest first with a (timestamp, id) keyset, optionally by status.
    index("leads_ts_id_idx").on(t.timestamp.desc(), t.id.desc()),
    index("leads_status_ts_idx").on(t.status, t.timestamp.desc()),
    index("leads_user_idx").on(t.userId),
  ],
);
