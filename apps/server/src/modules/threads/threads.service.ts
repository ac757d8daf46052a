import {
  type AgentTurnVersion,
  type AnswerResults,
  answerAttachmentSchema,
  answerResultsSchema,
  focusModeSchema,
  MESSAGES,
  type StoredPart,
  storedPartsOf,
  storedResultsOf,
  storedTurnParts,
  storedTurnToMessages,
  type ThreadEntry,
  type ThreadEntryVersion,
  type ThreadResponse,
} from "@nexus/contracts";
import { declarationOf } from "../../ai/chat/chat-kinds.ts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";
import { presentKind, presentKinds } from "../../ai/chat/kind-presenter.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as history from "../history/history.service.ts";
import { presentParts, presentResults } from "../images/images.service.ts";

const EMPTY_RESULTS: AnswerResults = {
  markdown: "",
  sources: [],
  images: [],
  videos: [],
  thinking: "",
};

/** Earlier versions as the answer page shows them (images and favicons through the proxy). */
export function presentVersions(
  deps: Deps,
  stored: readonly history.StoredVersion[],
): ThreadEntryVersion[] {
  return stored.flatMap((v): ThreadEntryVersion[] => {
    const results = answerResultsSchema.safeParse(v.results);
    if (!results.success) return [];
    return [
      {
        query: v.query,
        timestamp: v.timestamp,
        results: presentResults(deps, results.data),
        ...partsOf(deps, v.parts),
      },
    ];
  });
}

/** The saved reply parts, presented (none: an entry saved before answers kept them). */
function partsOf(deps: Deps, stored: unknown): { parts?: StoredPart[] } {
  const parts = storedPartsOf(stored);
  return parts ? { parts: presentParts(deps, parts) } : {};
}

function versionsOf(
  deps: Deps,
  stored: Record<string, unknown>,
): { versions?: ThreadEntryVersion[] } {
  const versions = presentVersions(deps, history.versionsOf(stored));
  return versions.length > 0 ? { versions } : {};
}

/**
 * A conversation's earlier versions (an agent's regenerated or edited reply, oldest first) as its
 * reply's metadata keeps them: the message and the reply's parts, and whether it was stopped.
 */
export function presentConversationVersions(
  deps: Deps,
  stored: readonly history.StoredVersion[],
): AgentTurnVersion[] {
  return stored.map(
    (v): AgentTurnVersion => ({
      timestamp: v.timestamp,
      text: v.query,
      parts: storedTurnParts({
        shape: "conversation",
        parts: partsOf(deps, v.parts).parts ?? null,
        results: storedResultsOf(v.results),
      }),
      ...(v.results.stopped === true ? { stopped: true } : {}),
    }),
  );
}

/** The files attached to a conversation's question (answers keep them in their results). */
function attachmentsOf(stored: Record<string, unknown>) {
  const parsed = answerAttachmentSchema.array().min(1).safeParse(stored.attachments);
  return parsed.success ? { attachments: parsed.data } : {};
}

/** What a thread id can be (answerRequestSchema's threadId, or a generated entry id). */
const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

const noSuchThread = () => new AppError("not_found", MESSAGES.noSuchDocument);

/**
 * GET /api/threads/:threadId (ARCHITECTURE.md §3.1): one thread of the caller's, of any kind, read
 * back as its kind declares — its history turns as UI messages in the kind's turn shape, or (a
 * kind that keeps its threads beyond history: research) through the kind's own `thread`. Another
 * user's thread, a missing one and a malformed id are the same 404. `expected`: the thread as one
 * of this kind about this subject — another is missing; one with no turn yet is an empty thread
 * when the kind opens them empty (KindDeclaration.opensEmpty). Knows no kind.
 */
export async function thread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
  expected?: { kind: string; subjectId: string };
}): Promise<ThreadResponse> {
  const { deps, user, threadId, expected } = options;
  // Not a thread id (e.g. a NUL byte, which PostgreSQL text cannot hold): missing, like any other.
  if (!THREAD_ID.test(threadId)) throw noSuchThread();
  const expectedKind = expected ? deps.chatKinds.get(expected.kind) : undefined;
  if (expected && !expectedKind) throw noSuchThread();
  const rows = await history.threadTurns(deps, { userId: user.id, threadId });
  const entries = rows.map((r) => presentEntry(deps, r));
  const first = rows[0];
  const declared = first ? declarationOf(deps.chatKinds, first.kind) : undefined;
  if (
    expected &&
    first &&
    (declared?.kind !== expected.kind || first.subjectId !== expected.subjectId)
  )
    throw noSuchThread();
  // A kind that keeps its threads itself reads them (a research, with or without its report).
  const keepers = declared ?? expectedKind;
  for (const kind of keepers ? [keepers] : [...deps.chatKinds.values()]) {
    const own = await kind.thread?.(deps, user, threadId);
    if (own)
      return { threadId, kind: kind.kind, subject: own.subject, messages: own.messages, entries };
  }
  if (!first || !declared) return emptyThread(options);
  const presented = await presentKind(deps, user, {
    kind: first.kind,
    subjectId: first.subjectId,
    threadId,
    firstQuery: first.query,
  });
  const messages = turnMessages(deps, declared, threadId, rows, entries);
  return { threadId, kind: declared.kind, subject: presented.subject, messages, entries };
}

/**
 * A thread with no turn: empty when it is expected of a kind that opens its threads empty and the
 * kind names the subject for the caller (a document of theirs), else missing.
 */
async function emptyThread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
  expected?: { kind: string; subjectId: string };
}): Promise<ThreadResponse> {
  const { deps, user, threadId, expected } = options;
  const kind = expected ? deps.chatKinds.get(expected.kind) : undefined;
  if (!expected || !kind?.opensEmpty || !kind.subjects) throw noSuchThread();
  const name = (await kind.subjects(deps, user, [expected.subjectId])).get(expected.subjectId);
  if (name === undefined) throw noSuchThread();
  return {
    threadId,
    kind: kind.kind,
    subject: { id: expected.subjectId, name },
    messages: [],
    entries: [],
  };
}

/**
 * Threads read from their saved turns alone, a page at a time (the history ZIP): each thread as
 * GET /api/threads/:id gives it from its history turns, subjects named once per page. `turns`:
 * each thread's turns, oldest first.
 */
export async function threadsFromTurns(options: {
  deps: Deps;
  user: SessionUser;
  threads: readonly { threadId: string; turns: readonly history.TurnRow[] }[];
}): Promise<ThreadResponse[]> {
  const { deps, user } = options;
  const threads = options.threads.filter((t) => t.turns.length > 0);
  const presented = await presentKinds(
    deps,
    user,
    threads.map(({ threadId, turns }) => ({
      kind: turns[0]?.kind ?? null,
      subjectId: turns[0]?.subjectId ?? null,
      threadId,
      firstQuery: turns[0]?.query ?? "",
    })),
  );
  return threads.map(({ threadId, turns }, i) => {
    const declared = declarationOf(deps.chatKinds, turns[0]?.kind);
    const entries = turns.map((r) => presentEntry(deps, r));
    const messages = turnMessages(deps, declared, threadId, turns, entries);
    return {
      threadId,
      kind: declared.kind,
      subject: presented[i]?.subject ?? null,
      messages,
      entries,
    };
  });
}

/** A thread's history turns as UI messages in its kind's turn shape. */
function turnMessages(
  deps: Deps,
  declared: KindDeclaration,
  threadId: string,
  rows: readonly history.TurnRow[],
  entries: readonly ThreadEntry[],
): ThreadResponse["messages"] {
  const shape = declared.turnShape ?? "conversation";
  return rows.flatMap((row, i) => {
    const entry = entries[i];
    if (!entry) return [];
    // An answer-shaped turn restores from its results; another from its saved parts, with its
    // question's attached files and its earlier versions as the conversation keeps them.
    if (shape === "answer")
      return storedTurnToMessages({
        shape,
        id: entry.id,
        threadId,
        query: entry.query,
        focusMode: entry.focusMode,
        results: entry.results,
        parts: entry.parts,
        ...(row.subjectId ? { agentId: row.subjectId } : {}),
        ...(entry.versions ? { versions: entry.versions } : {}),
      });
    const versions = presentConversationVersions(deps, history.versionsOf(row.results));
    return storedTurnToMessages({
      shape,
      id: entry.id,
      threadId,
      query: entry.query,
      results: { ...storedResultsOf(row.results), ...attachmentsOf(row.results) },
      parts: partsOf(deps, row.parts).parts ?? null,
      ...(row.subjectId ? { agentId: row.subjectId } : {}),
      ...(versions.length > 0 ? { versions } : {}),
    });
  });
}

/** A history turn as older readers restore it (answer-shaped, media through the image proxy). */
function presentEntry(deps: Deps, r: history.TurnRow): ThreadEntry {
  const results = answerResultsSchema.safeParse(r.results);
  const focus = focusModeSchema.safeParse(r.focusMode);
  return {
    id: r.id,
    threadId: r.threadId,
    timestamp: r.timestamp.toISOString(),
    query: r.query,
    focusMode: focus.success ? focus.data : "web",
    results: results.success ? presentResults(deps, results.data) : EMPTY_RESULTS,
    // A row whose results do not read has nothing to restore (its parts neither).
    ...(results.success ? partsOf(deps, r.parts) : {}),
    isBookmarked: r.isBookmarked,
    ...versionsOf(deps, r.results),
  };
}
