import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const FILE_STATUSES = ["queued", "parsing", "indexing", "ready", "failed"] as const;

/** An uploaded file of one person: stored under `storage_key` (a generated name, never theirs). */
export const files = pgTable(
  "files",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The name as uploaded (shown, renamed); never reaches the file system. */
    name: text().notNull(),
    /** The format decided from magic bytes (document-text DocumentKind). */
    kind: text().notNull(),
    size: bigint({ mode: "number" }).notNull(),
    storageKey: text().notNull().unique(),
    /** SHA-256 (hex) of the uploaded bytes: one person never holds the same bytes twice. */
    contentSha256: text(),
    status: text({ enum: FILE_STATUSES }).notNull().default("queued"),
    /** Why it failed, in words the person reads. */
    error: text(),
    /** "user": the file itself (not refunded); "system": time-out or internal (refunded). */
    errorCause: text({ enum: ["user", "system"] }),
    /**
     * The parser's reason (document-text ParseFailureCode: encrypted, wrong_password, damaged…);
     * "encrypted" and "wrong_password" let the person retry a PDF with its password.
     */
    errorCode: text(),
    pages: integer(),
    /** The pages whose text was read by OCR (a scanned page): their words are recognised, not copied. */
    ocrPages: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Per OCR'd page ("3": …), each recognised word's [start, end) in the page's text and its box
     * as fractions of the page (x0, y0, x1, y1): a citation marks the words on the scanned image.
     */
    ocrBoxes: jsonb().$type<Record<string, number[][]>>().notNull().default({}),
    chars: integer(),
    warnings: jsonb().$type<string[]>().notNull().default([]),
    /**
     * The EMBEDDING_MODEL every chunk of this file was embedded with; null: its chunks have no
     * embeddings (none configured when it was read, or the embedding call failed) and a later pass
     * (the file-embed job) may fill them. Set in the same transaction as the embeddings.
     */
    embeddingModel: text(),
    /** The ingestion run whose events the page follows. */
    runId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("files_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("files_user_sha256_uq").on(t.userId, t.contentSha256),
  ],
);

/**
 * A passage of ~1,000 characters cut on sentence boundaries, with its location. user_id is kept on
 * the chunk so retrieval reads one person's chunks from one index.
 */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    ordinal: integer().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1-based page (slide, sheet, chapter); 1 for formats without pages. */
    page: integer().notNull(),
    /** [char_start, char_end) inside that page's text. */
    charStart: integer().notNull(),
    charEnd: integer().notNull(),
    /** Headings above the passage, outermost first, joined with " › ". */
    headingPath: text().notNull().default(""),
    content: text().notNull(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(heading_path, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
    ),
    /** Float32 vector from EMBEDDING_MODEL, little-endian; null without one. */
    embedding: bytea(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.ordinal] }),
    // (user_id, search_vector) in one GIN index (btree_gin, migration 0006): one person's matches.
    index("file_chunks_user_fts_idx").using("gin", t.userId, t.searchVector),
    index("file_chunks_user_idx").on(t.userId),
  ],
);
