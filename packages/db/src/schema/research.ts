import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { runs } from "./runs.ts";
import { users } from "./users.ts";

/**
 * A deep research (modules/research): its question and choices, and its run (modules/runs) whose
 * checkpoint holds the research's state and whose events are its progress and report.
 */
export const research = pgTable(
  "research",
  {
    threadId: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runId: uuid()
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    question: text().notNull(),
    depth: text({ enum: ["quick", "standard", "thorough"] }).notNull(),
    sources: text({ enum: ["web", "files", "both"] }).notNull(),
    subQuestions: jsonb().$type<string[]>().notNull().default([]),
    offline: boolean().notNull().default(false),
    /** "Finish now": the run writes its report from what it gathered at its next step. */
    finishRequestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("research_user_recent_idx").on(t.userId, t.createdAt.desc()),
    index("research_run_idx").on(t.runId),
  ],
);

/** The text a research read from each source (its notes' quotes are checked against it). */
export const researchPages = pgTable(
  "research_pages",
  {
    runId: uuid()
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    sourceId: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.runId, t.sourceId] })],
);
