import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One markdown file of the built-in knowledge base (content/: blog posts and the FAQ), indexed at start-up.
 * contentHash decides whether the file is re-chunked: unchanged files cost no writes.
 */
export const knowledgeDocuments = pgTable("knowledge_documents", {
  /** Path relative to the knowledge directory, e.g. "connecting-a-model.md". */
  path: text().primaryKey(),
  title: text().notNull(),
  summary: text().notNull().default(""),
  tags: text().array().notNull().default(sql`'{}'::text[]`),
  /** In-app URL of the document, e.g. "/blog/connecting-a-model" or "/faq". */
  url: text().notNull(),
  contentHash: text().notNull(),
  indexedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A passage of a few sentences under one heading, searched with PostgreSQL full-text search. */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    /** `${path}#${ordinal}` */
    id: text().primaryKey(),
    path: text()
      .notNull()
      .references(() => knowledgeDocuments.path, { onDelete: "cascade" }),
    ordinal: integer().notNull(),
    title: text().notNull(),
    /** The nearest heading above the passage; null for a document's introduction. */
    heading: text(),
    /** In-app URL of the passage, with the heading's anchor. */
    url: text().notNull(),
    content: text().notNull(),
    /** English stemming, weighted: title A, heading B, content C. */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(heading, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
    ),
    /** The same text without stemming or stop words: the fallback for names and short words. */
    simpleVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(heading, '')), 'B') || setweight(to_tsvector('simple', coalesce(content, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("knowledge_chunks_path_ordinal_idx").on(t.path, t.ordinal),
    index("knowledge_chunks_search_idx").using("gin", t.searchVector),
    index("knowledge_chunks_simple_idx").using("gin", t.simpleVector),
  ],
);
