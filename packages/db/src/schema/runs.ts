import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * A durable job's run (file ingestion, a chat turn run as a job, …), owned by modules/runs: its
 * status, the last completed step (checkpoint), what it produced (result) and its progress
 * (run_events).
 */
export const runs = pgTable(
  "runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** What the run works on (a file id, a thread id). */
    subjectId: text().notNull(),
    status: text({ enum: RUN_STATUSES }).notNull().default("queued"),
    /** The last completed step, as the job that resumes it reads it. */
    checkpoint: jsonb().$type<Record<string, unknown>>(),
    /** What a succeeded run produced (or a failed run's reason: { message }). */
    result: jsonb().$type<Record<string, unknown>>(),
    /** Quota units charged for the run (only a succeeded run, or a failure that is the input's). */
    cost: integer().notNull().default(0),
    /** Set by POST /api/runs/:id/cancel: the job stops at its next step. */
    cancelRequestedAt: timestamp({ withTimezone: true }),
    lastSeq: integer().notNull().default(0),
    /** The step a job of a run of steps has claimed, and that job (its retries may go on). */
    claimedStep: integer(),
    claimedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("runs_user_idx").on(t.userId),
    index("runs_subject_idx").on(t.subjectId),
    index("runs_unfinished_idx").on(t.updatedAt).where(sql`status in ('queued', 'running')`),
  ],
);

/** Append-only progress of a run: replayed from Last-Event-ID, followed by LISTEN/NOTIFY. */
export const runEvents = pgTable(
  "run_events",
  {
    runId: uuid()
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
