import { sql } from "drizzle-orm";
import {
  customType,
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

/** ProseMirror JSON (its shape is checked by the contracts and the server's schema). */
type DocJson = { type: string } & Record<string, unknown>;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A NexDocs document (modules/nexdocs): its title, its body as ProseMirror JSON (what the editor
 * loads), the same body as Markdown (what search and exports read), and its revision number, which
 * every save names so two tabs can never overwrite each other silently.
 */
export const nexdocsDocuments = pgTable(
  "nexdocs_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull().default(""),
    content: jsonb().$type<DocJson>().notNull(),
    markdown: text().notNull().default(""),
    revision: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(markdown, '')), 'C')`,
    ),
  },
  (t) => [
    index("nexdocs_documents_user_updated_idx").on(t.userId, t.updatedAt.desc()),
    // Search is always within one person's documents: (user_id, search_vector) in one GIN index
    // (btree_gin, migration 0006).
    index("nexdocs_documents_user_fts_idx").using("gin", t.userId, t.searchVector),
  ],
);

/** Earlier versions of a document: each saved revision's body, for version history and restore. */
export const nexdocsRevisions = pgTable(
  "nexdocs_revisions",
  {
    documentId: uuid()
      .notNull()
      .references(() => nexdocsDocuments.id, { onDelete: "cascade" }),
    revision: integer().notNull(),
    title: text().notNull().default(""),
    content: jsonb().$type<DocJson>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.revision] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * An image placed in a NexDocs document (uploaded or pasted): its bytes (a few MB at most, so the
 * document's deletion, the account's and a backup carry them with it), its type from its magic
 * bytes. Served to the owner and, while the document has a live share link, on its share page.
 */
export const nexdocsImages = pgTable(
  "nexdocs_images",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: uuid()
      .notNull()
      .references(() => nexdocsDocuments.id, { onDelete: "cascade" }),
    contentType: text().notNull(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("nexdocs_images_document_idx").on(t.documentId, t.createdAt)],
);
