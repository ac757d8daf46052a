import {
  type CollectionFile,
  type CollectionFiles,
  collectionName,
  type EarlierChat,
  MAX_COLLECTION_FILES,
} from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import type { LinkedThread } from "../../ai/chat/kind-declaration.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { type AccountData, tableRows } from "../../lib/account-data.ts";
import { AppError } from "../../lib/errors.ts";
import * as files from "../files/files.service.ts";
import * as history from "../history/history.service.ts";
import * as repo from "./documents.repo.ts";

type FileRow = Awaited<ReturnType<typeof files.ownedFile>>;

/**
 * Collections (issue 41 scope 1): a document chat holds its document and up to 49 more of the
 * person's files. The chat stays at its document's address (its history subject); the files added
 * to it are rows of document_chat_files, keyed by owner and thread. A file added is the caller's
 * (another person's id is the same 404 as a missing one, and nothing changes); removing it from
 * the chat never deletes it; deleting it takes it out of every chat (the rows cascade).
 */

const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const noSuchConversation = () => new AppError("not_found", "No such conversation.");

/**
 * The thread, checked as a chat about `document` of the caller's: a thread id that is already
 * another kind's or another document's chat is a 404 (a new thread is fine: its files come first).
 */
async function checkThread(deps: Deps, user: SessionUser, document: FileRow, threadId: string) {
  if (!THREAD_ID.test(threadId)) throw noSuchConversation();
  const [info, rows] = await Promise.all([
    history.threadInfo(deps, { userId: user.id, threadId }),
    repo.chatFiles(deps.db, { userId: user.id, threadId }),
  ]);
  if (info && (info.kind !== "document" || info.subjectId !== document.id))
    throw noSuchConversation();
  if (rows.some((row) => row.documentId !== document.id)) throw noSuchConversation();
  return rows;
}

function presentFile(row: FileRow, primary: boolean): CollectionFile {
  return { id: row.id, name: row.name, kind: row.kind, status: row.status, primary };
}

/** The chat's files as rows: its document first, then those added, in the order added. */
async function filesOf(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
  rows: repo.ChatFileRow[],
): Promise<FileRow[]> {
  const owned = await files.ownedFiles(
    deps,
    user,
    rows.map((row) => row.fileId),
  );
  const byId = new Map(owned.map((row) => [row.id, row]));
  // A file that failed to be read is nobody's document: left out (it can be removed all the same).
  return [
    document,
    ...rows.flatMap((row) => {
      const file = byId.get(row.fileId);
      return file ? [file] : [];
    }),
  ];
}

function present(threadId: string, document: FileRow, rows: FileRow[]): CollectionFiles {
  return { threadId, files: rows.map((row) => presentFile(row, row.id === document.id)) };
}

/** GET …/threads/:threadId/files: the chat's files, its document first. */
export async function collectionFiles(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
  threadId: string,
): Promise<CollectionFiles> {
  const rows = await checkThread(deps, user, document, threadId);
  return present(threadId, document, await filesOf(deps, user, document, rows));
}

/**
 * POST …/threads/:threadId/files: adds files of the caller's to the chat. Each must be theirs and
 * not failed (else the same 404 as a missing file, nothing added); the chat holds at most
 * MAX_COLLECTION_FILES files, its document included (more: 400, nothing added).
 */
export async function addCollectionFiles(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
  threadId: string,
  fileIds: readonly string[],
): Promise<CollectionFiles> {
  await checkThread(deps, user, document, threadId);
  const ids = [...new Set(fileIds)].filter((id) => id !== document.id);
  const owned = await files.ownedFiles(deps, user, ids);
  if (owned.length !== ids.length || owned.some((row) => row.status === "failed"))
    throw new AppError("not_found", "No such file.");
  await repo.addChatFiles(deps.db, {
    userId: user.id,
    threadId,
    documentId: document.id,
    fileIds: ids,
    check: (current) => {
      if (current.some((row) => row.documentId !== document.id)) throw noSuchConversation();
      const held = new Set(current.map((row) => row.fileId));
      const total = 1 + held.size + ids.filter((id) => !held.has(id)).length;
      if (total > MAX_COLLECTION_FILES)
        throw new AppError(
          "bad_request",
          `A chat holds at most ${MAX_COLLECTION_FILES} files: remove one to add another.`,
        );
    },
  });
  return collectionFiles(deps, user, document, threadId);
}

/** DELETE …/threads/:threadId/files/:fileId: takes a file out of the chat (the file stays). */
export async function removeCollectionFile(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
  threadId: string,
  fileId: string,
): Promise<CollectionFiles> {
  await checkThread(deps, user, document, threadId);
  if (fileId === document.id)
    throw new AppError(
      "bad_request",
      "The chat's own document stays in it: start a chat about another file instead.",
    );
  const removed =
    UUID.test(fileId) &&
    (await repo.removeChatFile(deps.db, { userId: user.id, threadId, fileId }));
  if (!removed) throw new AppError("not_found", "No such file in this chat.");
  return collectionFiles(deps, user, document, threadId);
}

/**
 * The files a question of the chat is answered from: its document and the added files that are
 * ready (one still being read joins when it is ready), at most MAX_COLLECTION_FILES.
 */
export async function chatSources(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
  threadId: string | undefined,
): Promise<FileRow[]> {
  // The thread itself is checked by the answer turn, as for any document chat.
  if (!threadId || !THREAD_ID.test(threadId)) return [document];
  const rows = await repo.chatFiles(deps.db, { userId: user.id, threadId });
  const mine = rows.filter((row) => row.documentId === document.id);
  const all = await filesOf(deps, user, document, mine);
  return all.filter((row) => row.status === "ready").slice(0, MAX_COLLECTION_FILES);
}

/** How many "Earlier chats" lists at most. */
const EARLIER_CHATS = 50;

/**
 * GET /api/documents/:documentId/chats: the caller's chats about the document (and those it was
 * added to), newest first, with their titles, latest turn and how many files they hold.
 */
export async function earlierChats(
  deps: Deps,
  user: SessionUser,
  document: FileRow,
): Promise<EarlierChat[]> {
  const holding = await repo.threadsHolding(deps.db, { userId: user.id, fileId: document.id });
  const threads = await history.subjectThreads(deps, {
    userId: user.id,
    kind: "document",
    subjectId: document.id,
    threadIds: holding.map((row) => row.threadId),
    limit: EARLIER_CHATS,
  });
  const counts = await repo.addedCounts(deps.db, {
    userId: user.id,
    threadIds: threads.map((t) => t.threadId),
  });
  return threads.map((t) => ({
    threadId: t.threadId,
    documentId: t.subjectId ?? document.id,
    title: t.title ?? t.firstQuery,
    updatedAt: t.latestAt.toISOString(),
    files: 1 + (counts.get(t.threadId) ?? 0),
  }));
}

/**
 * What History and Recent call each listed document chat: its document's name, with how many
 * files were added to it ("report.pdf + 2 files"); a chat with none is left to its subject's name.
 */
export async function collectionBadges(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  threads: readonly LinkedThread[],
  names: ReadonlyMap<string, string>,
): Promise<ReadonlyMap<string, string>> {
  const counts = await repo.addedCounts(deps.db, {
    userId: user.id,
    threadIds: threads.map((t) => t.threadId),
  });
  const out = new Map<string, string>();
  for (const thread of threads) {
    const added = counts.get(thread.threadId) ?? 0;
    const name = thread.subjectId ? names.get(thread.subjectId) : undefined;
    if (added > 0 && name !== undefined) out.set(thread.threadId, collectionName(name, added));
  }
  return out;
}

/** What this module holds of a person (the account export): the files added to their chats. */
export async function accountData(db: Db, userId: string): Promise<AccountData> {
  const table = schema.documentChatFiles;
  return { tables: [await tableRows(db, table, eq(table.userId, userId))] };
}
