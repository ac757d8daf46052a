import { createHash } from "node:crypto";
import {
  type AnswerSource,
  type BookmarkResponse,
  citedFileId,
  type ImportThreadRequest,
  LIBRARY_PAGE_SIZE,
  type LibraryPage,
  MESSAGES,
} from "@nexus/contracts";
import { retryConnectFailure } from "@nexus/db";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import { keysetPage } from "../../lib/keyset-page.ts";
import { decodeLibraryCursor, encodeLibraryCursor } from "./history.cursor.ts";
import { presentLibraryItems } from "./history.presenter.ts";
import * as repo from "./history.repo.ts";
import { searchOf } from "./history.search-text.ts";
import * as titleRepo from "./history.titles-repo.ts";
import type { TurnRow } from "./history.turns-repo.ts";
import * as turns from "./history.turns-repo.ts";
import { type StoredVersion, versionsOf } from "./history.versions.ts";
import * as writes from "./history.write-repo.ts";

export { historyPage } from "./history.thread-page.ts";
export type { TurnRow };
export { type StoredVersion, versionsOf };

/** Missing and foreign entries and threads answer exactly alike (spec §8). */
function noSuchDocument(): AppError {
  return new AppError("not_found", MESSAGES.noSuchDocument);
}

/** An id no entry can have (control characters, absurd length): not found, without a query. */
function isPlausibleId(id: string): boolean {
  if (id.length === 0 || id.length > 200) return false;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) < 0x20) return false;
  return true;
}

/** The user's bookmarked answers, newest first. */
export async function libraryPage(options: {
  deps: Pick<Deps, "db" | "images" | "chatKinds">;
  user: SessionUser;
  cursor?: string;
  q?: string;
}): Promise<LibraryPage> {
  const after = options.cursor ? decodeLibraryCursor(options.cursor) : null;
  const search = searchOf(options.q);
  if (search === null) return { items: [], nextCursor: null };
  const rows = await repo.libraryPage(options.deps.db, {
    userId: options.user.id,
    after,
    tsQuery: search ?? null,
    limit: LIBRARY_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, LIBRARY_PAGE_SIZE, (last) =>
    encodeLibraryCursor({ ts: last.pos, id: last.id }),
  );
  return { items: await presentLibraryItems(options.deps, options.user, page), nextCursor };
}

export async function setBookmark(options: {
  deps: Deps;
  user: SessionUser;
  entryId: string;
  isBookmarked: boolean;
}): Promise<BookmarkResponse> {
  const { deps, user, entryId, isBookmarked } = options;
  if (!isPlausibleId(entryId)) throw noSuchDocument();
  const found = await writes.setBookmark(deps.db, { userId: user.id, entryId, isBookmarked });
  if (!found) throw noSuchDocument();
  return { entryId, isBookmarked };
}

/** Deletes one of the user's entries; share links showing it stop working (see the repo). */
export async function deleteEntry(options: {
  deps: Deps;
  user: SessionUser;
  entryId: string;
}): Promise<void> {
  const { deps, user, entryId } = options;
  if (!isPlausibleId(entryId)) throw noSuchDocument();
  const found = await writes.deleteEntry(deps.db, { userId: user.id, entryId });
  if (!found) throw noSuchDocument();
}

/** Deletes all the user's entries of a thread; its share links (answer and thread) stop working. */
export async function deleteThread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
}): Promise<void> {
  const { deps, user, threadId } = options;
  if (!isPlausibleId(threadId)) throw noSuchDocument();
  // What other modules keep of the thread goes first (a research's run is stopped before its
  // report could be saved again), then its entries.
  let parts = false;
  for (const part of deps.threadParts) parts = (await part(deps, user, threadId)) || parts;
  const found = await writes.deleteThread(deps.db, { userId: user.id, threadId });
  if (!found && !parts) throw noSuchDocument();
}

/** Entry ids of an import: the same (user, thread, turn) always gives the same id. */
function importedEntryId(userId: string, threadId: string, turn: number): string {
  return createHash("sha256")
    .update(`import:${userId}:${threadId}:${turn}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Saves the thread an anonymous visitor had in this browser session into their account, once: a
 * repeated import returns the same thread; a thread id anyone already uses gets a new one. The
 * tier's thread cap applies as for answered turns (free: oldest threads beyond 500 go).
 */
export async function importThread(options: {
  deps: Deps;
  user: SessionUser;
  body: ImportThreadRequest;
}): Promise<{ threadId: string }> {
  const { deps, user, body } = options;
  const now = deps.clock.now().getTime();
  const last = body.turns.length - 1;
  const threadId = await writes.importThread(deps.db, {
    userId: user.id,
    preferredThreadId: body.threadId,
    newThreadId: alphanumericId(),
    entries: body.turns.map((turn, i) => ({
      id: importedEntryId(user.id, body.threadId, i),
      // Oldest first, a millisecond apart, the last one now.
      timestamp: new Date(now - (last - i)),
      query: turn.query,
      focusMode: body.focusMode,
      results: {
        markdown: turn.markdown,
        // Text kept; a favicon only when it is a proxy URL this server minted (G14): nothing in
        // a request body is ever signed, so an imported address shows a letter tile.
        sources: turn.sources.map((s) => ({ ...s, favicon: deps.images.own(s.favicon) })),
        images: [],
        videos: [],
        thinking: "",
        ...(turn.stopped ? { stopped: true } : {}),
      },
    })),
    maxThreads: deps.env.TIER_LIMITS[user.tier].maxChats,
  });
  return { threadId };
}

/** One turn of a thread copied from a share ("Continue in Nexus"). */
export interface CopiedTurn {
  query: string;
  focusMode: string;
  content: string;
  sources: AnswerSource[];
  images: unknown[];
  videos: unknown[];
  thinkingContent: string;
  offline?: boolean;
  /** An agent reply's UI-message parts (the copy of a shared agent conversation). */
  parts?: Array<{ type: string } & Record<string, unknown>>;
}

/**
 * Saves a copy of a shared thread as a new thread of the caller (new thread and entry ids, oldest
 * first, ending now; the tier's thread cap applies). Passages of the author's files keep their
 * title and text but become private (no link): the reader cannot open the author's files.
 */
export async function saveCopiedThread(options: {
  deps: Deps;
  user: SessionUser;
  turns: readonly CopiedTurn[];
  /** The copy is a conversation with this agent (a preset's id or "custom:<id>"). */
  agentId?: string | undefined;
}): Promise<{ threadId: string }> {
  const { deps, user, turns, agentId } = options;
  const threadId = alphanumericId();
  const start = deps.clock.now().getTime();
  await writes.insertCopiedThread(deps.db, {
    userId: user.id,
    maxThreads: deps.env.TIER_LIMITS[user.tier].maxChats,
    entries: turns.map((turn, i) => ({
      id: alphanumericId(),
      userId: user.id,
      threadId,
      timestamp: new Date(start - (turns.length - 1 - i)),
      query: turn.query,
      focusMode: turn.focusMode,
      results: {
        markdown: turn.content,
        sources: turn.sources.map(privateFileSource),
        images: turn.images,
        videos: turn.videos,
        thinking: turn.thinkingContent,
        ...(turn.offline ? { offline: true } : {}),
      },
      ...(agentId ? { kind: "agent", subjectId: agentId, parts: turn.parts ?? null } : {}),
    })),
  });
  return { threadId };
}

function privateFileSource(source: AnswerSource): AnswerSource {
  return citedFileId(source.url) ? { ...source, url: "", private: true } : source;
}

/** One finished (or stopped) turn of any chat kind, as the history keeps it. */
export interface SavedTurn {
  id: string;
  userId: string;
  threadId: string;
  timestamp: Date;
  query: string;
  focusMode?: string;
  /** The answer's results; for other kinds at least `markdown` (what history lists and searches). */
  results: Record<string, unknown>;
  /** Its kind's id (contracts kinds.ts); absent: the first registered kind's ("answer"). */
  kind?: string;
  /** The agent's id for kind "agent", the document's (a file id) for kind "document". */
  subjectId?: string | null;
  /** The reply as UI-message parts (contracts stored-turn.ts: messageToStoredParts). */
  parts?: Array<Record<string, unknown>> | null;
}

/**
 * Saves a turn for its owner (the answer and agent runtimes call this: the history module owns
 * the table's writes): replaces the regenerated entry `replaces` (what it said becomes the saved
 * turn's earlier version), and keeps at most the tier's maxChats threads (the oldest beyond it are
 * dropped in the same statement). Returns the turn's earlier versions, oldest first. A connection
 * that could not be opened is retried (retryConnectFailure); nothing else is.
 */
export async function saveTurn(options: {
  deps: Deps;
  user: SessionUser;
  turn: SavedTurn;
  replaces?: string | undefined;
}): Promise<StoredVersion[]> {
  const { deps, user, turn } = options;
  // The person has read this turn already: a connection that could not be opened (a saturated
  // machine, a database restarting) is tried again rather than the turn lost.
  const versions = await retryConnectFailure(() =>
    writes.saveEntry(deps.db, {
      entry: { ...turn, userId: user.id },
      maxThreads: deps.env.TIER_LIMITS[user.tier].maxChats,
      ...(options.replaces ? { replaces: options.replaces } : {}),
    }),
  );
  return versionsOf({ versions });
}

/** A thread's turns of one user, oldest first (the latest `limit`, when given): any chat kind. */
export function threadTurns(
  deps: Pick<Deps, "db">,
  options: { userId: string; threadId: string; limit?: number },
): Promise<TurnRow[]> {
  return turns.threadTurns(deps.db, options);
}

/** A thread's kind, subject, turn count and whether it was charged; null: the user has none. */
export function threadInfo(deps: Pick<Deps, "db">, options: { userId: string; threadId: string }) {
  return turns.threadInfo(deps.db, options);
}

/** The subjects (agents) of the user's threads of `kind`, most recently used first. */
export function recentSubjects(
  deps: Pick<Deps, "db">,
  options: { userId: string; kind: string; limit: number },
): Promise<string[]> {
  return turns.recentSubjects(deps.db, options);
}

/** The user's threads of a kind about one subject (or among some threads), newest first. */
export function subjectThreads(
  deps: Pick<Deps, "db">,
  options: {
    userId: string;
    kind: string;
    subjectId: string;
    threadIds: readonly string[];
    limit: number;
  },
) {
  return turns.subjectThreads(deps.db, options);
}

/** How a reply of the user's was saved (completed, charged before it): agents.reserve.ts. */
export function replyOutcome(deps: Pick<Deps, "db">, options: { userId: string; entryId: string }) {
  return turns.replyOutcome(deps.db, options);
}

/** A thread's title as its owner reads it (their own, else its first question); null: none. */
export async function ownThreadTitle(
  deps: Pick<Deps, "db">,
  options: { userId: string; threadId: string },
): Promise<string | null> {
  const row = await titleRepo.threadTitle(deps.db, options);
  return row ? (row.title ?? row.firstQuery) : null;
}

/**
 * The user's whole history a page at a time (the history ZIP): the turns of the next `threads`
 * threads after `afterThreadId`, grouped by thread (oldest turn first), with their own titles.
 */
export async function turnPage(
  deps: Pick<Deps, "db">,
  options: { userId: string; afterThreadId: string | null; threads: number },
): Promise<{ threads: { threadId: string; turns: TurnRow[]; ownTitle: string | null }[] }> {
  const rows = await turns.turnsByThread(deps.db, options);
  const threads: { threadId: string; turns: TurnRow[]; ownTitle: string | null }[] = [];
  for (const row of rows) {
    const last = threads[threads.length - 1];
    if (last?.threadId === row.threadId) last.turns.push(row);
    else threads.push({ threadId: row.threadId, turns: [row], ownTitle: null });
  }
  const own = await titleRepo.ownTitles(deps.db, {
    userId: options.userId,
    threadIds: threads.map((t) => t.threadId),
  });
  for (const t of threads) t.ownTitle = own.get(t.threadId) ?? null;
  return { threads };
}

/** The question and answer markdown of one of the user's entries (feedback quotes it). */
export function ownEntryText(deps: Pick<Deps, "db">, options: { userId: string; entryId: string }) {
  return turns.ownEntryText(deps.db, options);
}
export { accountData } from "./history.account.ts";
