import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { files } from "./files.ts";
import { users } from "./users.ts";

/**
 * The files a document chat holds besides its own document (issue 41, collections; the documents
 * module writes it): keyed by owner and thread (thread ids are the client's and say nothing about
 * ownership). Removing a file from the chat deletes the row, never the file; deleting the file,
 * the chat's document or the account drops the rows.
 */
export const documentChatFiles = pgTable(
  "document_chat_files",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text().notNull(),
    /** The chat's own document (at whose address it is). */
    documentId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    /** A file added to the chat. */
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    /** Its place in the chat's list (the order files were added in). */
    position: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.threadId, t.fileId] }),
    // "Earlier chats" of a file that was added to other documents' chats.
    index("document_chat_files_file_idx").on(t.userId, t.fileId),
    index("document_chat_files_document_idx").on(t.documentId),
  ],
);
