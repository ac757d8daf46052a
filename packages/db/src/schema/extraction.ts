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
import { runs } from "./runs.ts";
import { users } from "./users.ts";

/** A source of an extraction's row, as it was asked for (a file of the owner, or a web page). */
export type ExtractionSourceValue =
  | { kind: "file"; fileId: string; label?: string }
  | { kind: "url"; url: string; label?: string };

/**
 * A structured extraction (modules/extraction): its schema of fields, its sources (one row each)
 * and its latest run (modules/runs: a first run, then re-runs of a row or a column).
 */
export const extractions = pgTable(
  "extractions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** The fields (ExtractionField[]), in the table's column order. */
    fields: jsonb().$type<Record<string, unknown>[]>().notNull(),
    sources: jsonb().$type<ExtractionSourceValue[]>().notNull(),
    /**
     * A row per source ("per_source"), or per item a source lists ("per_item": "every trial
     * mentioned"; row = source × 64 + the item's index).
     */
    rowMode: text({ enum: ["per_source", "per_item"] })
      .notNull()
      .default("per_source"),
    runId: uuid().references(() => runs.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("extractions_user_recent_idx").on(t.userId, t.createdAt.desc()),
    index("extractions_run_idx").on(t.runId),
  ],
);

/** One source's row (or one item's of a source): its state and its cells by field key (ExtractionCell as JSON). */
export const extractionRows = pgTable(
  "extraction_rows",
  {
    extractionId: text()
      .notNull()
      .references(() => extractions.id, { onDelete: "cascade" }),
    row: integer().notNull(),
    status: text({ enum: ["pending", "done", "failed"] }).notNull(),
    cells: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    error: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.extractionId, t.row] })],
);
