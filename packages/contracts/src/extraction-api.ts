import { z } from "zod";
import { AGENT_NEEDS_MODEL_HOW_TO } from "./agents-api.ts";
import {
  EXTRACTION_ITEMS_PER_SOURCE,
  EXTRACTION_LIMITS,
  EXTRACTION_MARKS,
  EXTRACTION_ROW_MODES,
  extractionFieldSchema,
  extractionSchemaSchema,
} from "./extraction.ts";
import { runStatusSchema } from "./runs.ts";

/**
 * /api/extractions (issue 39): start an extraction (a schema and its sources), list and read
 * them with their rows, cancel, correct a cell, re-run a row or a column, propose a schema from
 * a description, and export the table. Rows arrive live as run events (EXTRACTION_EVENTS).
 */

export const EXTRACTION_TITLE_MAX = 200;

/** Results a web search source reads at most (each result page a row). */
export const EXTRACTION_SEARCH_RESULTS_MAX = 10;

/**
 * A source of rows: one of the person's files, a web page by its address, or a web search (its
 * first `count` result pages, a row each, read like any web page).
 */
export const extractionSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("search"),
    query: z.string().trim().min(2, "Write what to search the web for.").max(400),
    count: z.number().int().min(1).max(EXTRACTION_SEARCH_RESULTS_MAX).default(5),
  }),
  z.object({ kind: z.literal("file"), fileId: z.string().trim().min(1).max(64) }),
  z.object({
    kind: z.literal("url"),
    url: z
      .string()
      .trim()
      .max(2000)
      .url("Give a web address (https://…).")
      .refine((u) => /^https?:\/\//i.test(u), "Only http and https addresses can be read."),
  }),
]);
export type ExtractionSource = z.infer<typeof extractionSourceSchema>;

export const extractionCreateSchema = z.object({
  title: z.string().trim().max(EXTRACTION_TITLE_MAX).default(""),
  fields: extractionSchemaSchema,
  /** A row per source, or per item found in each source ("every …"). */
  rowMode: z.enum(EXTRACTION_ROW_MODES).default("per_source"),
  sources: z
    .array(extractionSourceSchema)
    .min(1, "Pick at least one source.")
    .max(EXTRACTION_LIMITS.sources, `At most ${EXTRACTION_LIMITS.sources} sources.`),
});
export type ExtractionCreate = z.infer<typeof extractionCreateSchema>;

const valueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(2000)).max(200),
  z.null(),
]);

export const extractionPlaceSchema = z.object({
  page: z.number().int().nullable(),
  start: z.number().int(),
  end: z.number().int(),
  chunk: z.number().int().nullable().optional(),
});

export const extractionCellSchema = z.object({
  value: valueSchema,
  raw: z.string().nullable(),
  quote: z.string().nullable(),
  mark: z.enum(EXTRACTION_MARKS),
  place: extractionPlaceSchema.nullable(),
  note: z.string().nullable(),
  edited: z.boolean(),
});

export const EXTRACTION_ROW_STATUSES = ["pending", "done", "failed"] as const;

/**
 * A row: its source (named as the person knows it; per item, which of its items), its state and
 * its cells by field key.
 */
export const extractionRowSchema = z.object({
  index: z.number().int(),
  source: z.object({
    kind: z.enum(["file", "url"]),
    /** The file's name or the page's address. */
    label: z.string(),
    fileId: z.string().nullable(),
    url: z.string().nullable(),
    /** The item's index among its source's (a per-item extraction); null: a row per source. */
    item: z.number().int().nullable(),
  }),
  status: z.enum(EXTRACTION_ROW_STATUSES),
  cells: z.record(z.string(), extractionCellSchema),
  /** Why the row failed (its source could not be read or the model did not answer). */
  error: z.string().nullable(),
});
export type ExtractionRow = z.infer<typeof extractionRowSchema>;

export const extractionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  runId: z.string().nullable(),
  status: runStatusSchema,
  fields: z.array(extractionFieldSchema),
  rowMode: z.enum(EXTRACTION_ROW_MODES),
  sourceCount: z.number().int(),
  rowsDone: z.number().int(),
  /** Its rows (a source's each, or per item each item found, one row a source until it is read). */
  rowCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  error: z.string().nullable(),
});
export type ExtractionSummary = z.infer<typeof extractionSummarySchema>;

export const extractionItemSchema = extractionSummarySchema.extend({
  rows: z.array(extractionRowSchema),
});
export type ExtractionItem = z.infer<typeof extractionItemSchema>;

export const extractionListSchema = z.object({ items: z.array(extractionSummarySchema) });

/** PATCH /api/extractions/:id/rows/:row/cells/:key: the person's value (null clears it). */
export const extractionCellEditSchema = z.object({ value: valueSchema });

/** POST /api/extractions/:id/rerun: one row, one column (a field), or both given = that cell. */
export const extractionRerunSchema = z
  .object({
    row: z
      .number()
      .int()
      .min(0)
      .max(EXTRACTION_LIMITS.sources * EXTRACTION_ITEMS_PER_SOURCE)
      .optional(),
    field: z.string().max(40).optional(),
  })
  .refine((r) => r.row !== undefined || r.field !== undefined, {
    message: "Name a row or a field to run again.",
  });
export type ExtractionRerun = z.infer<typeof extractionRerunSchema>;

/** POST /api/extractions/:id/fields: a field added to the schema, filled for every row alone. */
export const extractionAddFieldSchema = z.object({ field: extractionFieldSchema });

/** POST /api/extractions/propose: fields proposed from a description, to edit before starting. */
export const extractionProposeSchema = z.object({
  description: z
    .string()
    .trim()
    .min(3, "Describe what to extract.")
    .max(EXTRACTION_LIMITS.description),
});
export const extractionProposalSchema = z.object({
  fields: z.array(extractionFieldSchema),
  /** A row per item when the description asks for "every …" (the person can switch it). */
  rowMode: z.enum(EXTRACTION_ROW_MODES),
});

/** A table (csv, json, xlsx) or a document with the quotes beside the values (md, pdf, docx). */
export const EXTRACTION_EXPORT_FORMATS = ["md", "pdf", "docx", "csv", "json", "xlsx"] as const;
export type ExtractionExportFormat = (typeof EXTRACTION_EXPORT_FORMATS)[number];
/** What the export menu calls each format. */
export const EXTRACTION_EXPORT_LABELS: Record<ExtractionExportFormat, string> = {
  md: "Markdown",
  pdf: "PDF",
  docx: "Word",
  csv: "CSV",
  json: "JSON",
  xlsx: "Excel (XLSX)",
};
export const extractionExportQuerySchema = z.object({
  format: z.enum(EXTRACTION_EXPORT_FORMATS, {
    message: "Use format=md, pdf, docx, csv, json or xlsx.",
  }),
});

/** Run events of an extraction (GET /api/runs/:runId/events; type → payload). */
export const EXTRACTION_EVENTS = {
  /** A row finished (done or failed): ExtractionRow. */
  row: "extraction-row",
} as const;

/** What a web search source meets on a server with no web search provider configured. */
export const EXTRACTION_NEEDS_SEARCH =
  "Web search as a source needs a web search provider. The administrator of this Nexus server sets SEARCH_PROVIDER (searxng with SEARXNG_URL, or tavily or brave with its API key) and restarts the server.";

/** What starting an extraction says on a server without a language model. */
export const EXTRACTION_NEEDS_MODEL = `Extraction needs a language model. ${AGENT_NEEDS_MODEL_HOW_TO}`;
