import { z } from "zod";

/**
 * Structured information extraction (issue 39): a schema of fields in, a table out, one row per
 * source (or per entity found), every cell a value with the quote it stands on and the check's
 * mark. These are the shapes the server, the web and the exports share.
 */

export const EXTRACTION_LIMITS = {
  /** Fields in one schema. */
  fields: 25,
  fieldName: 60,
  instructions: 500,
  /** Options of a "one of a list" field. */
  choices: 30,
  choice: 80,
  /** Sources in one run (files, URLs and web results together). */
  sources: 100,
  /** Characters of a quote kept with a cell. */
  quote: 600,
  /** The natural-language description a schema is proposed from. */
  description: 2000,
} as const;

/**
 * What a row is: one source ("per_source": a paper's title, year…), or one item a source lists
 * ("per_item": "every clinical trial mentioned: name, phase, sample size" — a row per trial).
 */
export const EXTRACTION_ROW_MODES = ["per_source", "per_item"] as const;
export type ExtractionRowMode = (typeof EXTRACTION_ROW_MODES)[number];

/** Items read from one source at most (a per-item extraction); more are left out, and said so. */
export const EXTRACTION_ITEMS_PER_SOURCE = 64;

/**
 * A row's number: a source's index (per source), or source × 64 + the item's index (per item),
 * so a source's items stay together and in order.
 */
export function extractionRowIndex(mode: ExtractionRowMode, source: number, item = 0): number {
  return mode === "per_item" ? source * EXTRACTION_ITEMS_PER_SOURCE + item : source;
}

/** The source (and item, per item) a row's number stands for. */
export function extractionRowPlace(
  mode: ExtractionRowMode,
  row: number,
): { source: number; item: number | null } {
  return mode === "per_item"
    ? {
        source: Math.floor(row / EXTRACTION_ITEMS_PER_SOURCE),
        item: row % EXTRACTION_ITEMS_PER_SOURCE,
      }
    : { source: row, item: null };
}

/**
 * The row mode a description asks for: "every/each/all …" of something a source mentions (not
 * "for each paper/document/file…", which is a row per source) is a row per item.
 */
export function suggestedRowMode(description: string): ExtractionRowMode {
  const whole =
    /^(?:the\s+)?(?:paper|source|document|file|pdf|page|web\s*page|article|study|report|result|site|url|link)s?\b/i;
  for (const m of description.matchAll(/\b(?:every|each|all)\b(?:\s+of)?\s+(.{0,40})/gi)) {
    const rest = (m[1] ?? "").trim();
    if (rest !== "" && !/^[:,.;]/.test(rest) && !whole.test(rest)) return "per_item";
  }
  return "per_source";
}

export const EXTRACTION_FIELD_TYPES = [
  "text",
  "number",
  "date",
  "boolean",
  "choice",
  "list",
] as const;
export type ExtractionFieldType = (typeof EXTRACTION_FIELD_TYPES)[number];

/** How the schema builder names each type. */
export const EXTRACTION_FIELD_TYPE_LABELS: Record<ExtractionFieldType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes/no",
  choice: "One of a list",
  list: "List of text",
};

/** A field's key: what its column is called in JSON and CSV (letters, digits, _). */
export const EXTRACTION_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export const extractionFieldSchema = z
  .object({
    key: z.string().regex(EXTRACTION_FIELD_KEY, "Use lowercase letters, digits and _."),
    name: z.string().trim().min(1, "Name the field.").max(EXTRACTION_LIMITS.fieldName),
    type: z.enum(EXTRACTION_FIELD_TYPES),
    instructions: z.string().trim().max(EXTRACTION_LIMITS.instructions).default(""),
    required: z.boolean().default(false),
    /** The allowed values of a "choice" field. */
    choices: z
      .array(z.string().trim().min(1).max(EXTRACTION_LIMITS.choice))
      .max(EXTRACTION_LIMITS.choices)
      .default([]),
  })
  .refine((f) => f.type !== "choice" || f.choices.length >= 2, {
    message: "A “one of a list” field needs at least two choices.",
    path: ["choices"],
  });
export type ExtractionField = z.infer<typeof extractionFieldSchema>;

export const extractionSchemaSchema = z
  .array(extractionFieldSchema)
  .min(1, "Add at least one field.")
  .max(EXTRACTION_LIMITS.fields, `At most ${EXTRACTION_LIMITS.fields} fields.`)
  .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, {
    message: "Two fields have the same key.",
  });

/** A field's key from its name: "Sample size" → "sample_size". */
export function extractionFieldKey(name: string): string {
  const key = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return /^[a-z]/.test(key) ? key : `field_${key}`.slice(0, 40).replace(/_+$/, "");
}

/**
 * What the check found of a cell's quote in its source: the quote is there word for word
 * ("exact", case and punctuation aside), nearly ("close"), not at all or not given
 * ("unverified": its value is shown, never as checked), or the source does not answer the field
 * ("not_found": no value).
 */
export const EXTRACTION_MARKS = ["exact", "close", "unverified", "not_found"] as const;
export type ExtractionMark = (typeof EXTRACTION_MARKS)[number];

export const EXTRACTION_MARK_LABELS: Record<ExtractionMark, string> = {
  exact: "Quote found in the source",
  close: "Quote found in the source, nearly word for word",
  unverified: "Quote not found in the source",
  not_found: "Not found",
};

export type ExtractionValue = string | number | boolean | string[] | null;

/**
 * Where in its source a cell's quote is, as the viewer marks it: the page (PDF page, slide, sheet
 * or chapter, as the document's pages number them; null for a source without pages) and
 * [start, end) in that page's stored text.
 */
export interface ExtractionPlace {
  page: number | null;
  start: number;
  end: number;
  /** The file passage (chunk ordinal) the quote begins in: the document viewer opens it. */
  chunk?: number | null;
}

export interface ExtractionCell {
  /** The value, of the field's type; null: none (not found, or the model's was not of the type). */
  value: ExtractionValue;
  /** The model's value as it gave it, when it could not be read as the field's type. */
  raw: string | null;
  quote: string | null;
  mark: ExtractionMark;
  place: ExtractionPlace | null;
  /** Why the mark is what it is, when it is not plain ("Not a number: “about ten”"). */
  note: string | null;
  /** Corrected by the person: kept over re-runs, shown as edited. */
  edited: boolean;
}
