import { z } from "zod";

/**
 * Document chat collections (issue 41 scope 1): a document chat may hold several of the person's
 * files. The chat lives at its document's address; the other files are added to it (from the
 * person's files or uploaded in place) and removed again without being deleted. Retrieval spans
 * every file of the chat, and each citation names the file it comes from.
 */

/** Most files one document chat holds, its document included. */
export const MAX_COLLECTION_FILES = 50;

/** One file of a document chat: the document itself (`primary`) or one added to it. */
export const collectionFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  status: z.enum(["queued", "parsing", "indexing", "ready", "failed"]),
  /** The chat's own document (at whose address the chat is): it cannot be removed. */
  primary: z.boolean(),
});
export type CollectionFile = z.infer<typeof collectionFileSchema>;

/** GET/POST/DELETE …/threads/:threadId/files: the chat's files, its document first. */
export const collectionFilesSchema = z.object({
  threadId: z.string(),
  files: z.array(collectionFileSchema),
});
export type CollectionFiles = z.infer<typeof collectionFilesSchema>;

/** POST /api/documents/:documentId/threads/:threadId/files: files of the caller's to add. */
export const addCollectionFilesSchema = z.strictObject({
  fileIds: z
    .array(z.string().min(1).max(64))
    .min(1, "Name at least one file to add.")
    .max(MAX_COLLECTION_FILES, `A chat holds at most ${MAX_COLLECTION_FILES} files.`),
});
export type AddCollectionFiles = z.infer<typeof addCollectionFilesSchema>;

/** One earlier chat about a document, as "Earlier chats" lists it. */
export const earlierChatSchema = z.object({
  threadId: z.string(),
  /** The document at whose address the chat is (another one's, when this file was added to it). */
  documentId: z.string(),
  /** Its own title (renamed), else its first question. */
  title: z.string(),
  /** Its latest turn (an ISO 8601 time). */
  updatedAt: z.string(),
  /** How many files it holds, its document included. */
  files: z.number().int(),
});
export type EarlierChat = z.infer<typeof earlierChatSchema>;

/** GET /api/documents/:documentId/chats: the caller's chats about the document, newest first. */
export const earlierChatsSchema = z.object({ chats: z.array(earlierChatSchema) });
export type EarlierChats = z.infer<typeof earlierChatsSchema>;

/** A chat's subject as History and Recent name it: "report.pdf", "report.pdf + 2 files". */
export function collectionName(documentName: string, others: number): string {
  if (others <= 0) return documentName;
  return `${documentName} + ${others} ${others === 1 ? "file" : "files"}`;
}
