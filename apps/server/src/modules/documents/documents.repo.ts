import { type Db, schema } from "@nexus/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

/**
 * The files of document chats (document_chat_files, ARCHITECTURE.md §4: this module alone writes
 * it). Every read and write is within one owner's rows.
 */
const { documentChatFiles } = schema;

export type ChatFileRow = typeof documentChatFiles.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A thread's added files, in the order they were added. */
export function chatFiles(
  db: Db | Tx,
  options: { userId: string; threadId: string },
): Promise<ChatFileRow[]> {
  return db
    .select()
    .from(documentChatFiles)
    .where(
      and(
        eq(documentChatFiles.userId, options.userId),
        eq(documentChatFiles.threadId, options.threadId),
      ),
    )
    .orderBy(asc(documentChatFiles.position), asc(documentChatFiles.addedAt));
}

/**
 * Adds files to a thread (those it holds already are left as they are), after locking the
 * thread's rows so two adds at once cannot pass the limit together: `check` sees the rows as they
 * are and may throw (nothing is written then).
 */
export function addChatFiles(
  db: Db,
  options: {
    userId: string;
    threadId: string;
    documentId: string;
    fileIds: readonly string[];
    check: (current: ChatFileRow[]) => void;
  },
): Promise<void> {
  const { userId, threadId, documentId } = options;
  return db.transaction(async (tx) => {
    // One lock per (owner, thread): serialises adds to the same chat.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`chat-files:${userId}:${threadId}`}, 0))`,
    );
    const current = await chatFiles(tx, { userId, threadId });
    options.check(current);
    const held = new Set(current.map((row) => row.fileId));
    const added = options.fileIds.filter((id) => !held.has(id));
    if (added.length === 0) return;
    const start = current.reduce((max, row) => Math.max(max, row.position), -1) + 1;
    await tx
      .insert(documentChatFiles)
      .values(
        added.map((fileId, i) => ({ userId, threadId, documentId, fileId, position: start + i })),
      )
      .onConflictDoNothing();
  });
}

/** Takes one file out of a thread (the file itself stays); false: the thread did not hold it. */
export async function removeChatFile(
  db: Db,
  options: { userId: string; threadId: string; fileId: string },
): Promise<boolean> {
  const gone = await db
    .delete(documentChatFiles)
    .where(
      and(
        eq(documentChatFiles.userId, options.userId),
        eq(documentChatFiles.threadId, options.threadId),
        eq(documentChatFiles.fileId, options.fileId),
      ),
    )
    .returning({ fileId: documentChatFiles.fileId });
  return gone.length > 0;
}

/** The threads of the user that hold `fileId` as an added file (with their document). */
export function threadsHolding(
  db: Db,
  options: { userId: string; fileId: string },
): Promise<{ threadId: string; documentId: string }[]> {
  return db
    .select({ threadId: documentChatFiles.threadId, documentId: documentChatFiles.documentId })
    .from(documentChatFiles)
    .where(
      and(
        eq(documentChatFiles.userId, options.userId),
        eq(documentChatFiles.fileId, options.fileId),
      ),
    );
}

/** How many files each of the user's threads holds besides its document, by thread id. */
export async function addedCounts(
  db: Db,
  options: { userId: string; threadIds: readonly string[] },
): Promise<Map<string, number>> {
  if (options.threadIds.length === 0) return new Map();
  const rows = await db
    .select({ threadId: documentChatFiles.threadId, n: sql<number>`count(*)::int` })
    .from(documentChatFiles)
    .where(
      and(
        eq(documentChatFiles.userId, options.userId),
        inArray(documentChatFiles.threadId, [...options.threadIds]),
      ),
    )
    .groupBy(documentChatFiles.threadId);
  return new Map(rows.map((row) => [row.threadId, row.n]));
}
