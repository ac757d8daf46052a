import {
  answerImageSchema,
  answerSourceSchema,
  answerVideoSchema,
  CITATION_CHECKS_PART,
  type CopyShareResponse,
  type CreateShareRequest,
  isNexdocsShareId,
  isThreadShareId,
  MESSAGES,
  type MyShare,
  type PublicShare,
  type SharedAgent,
  type SharedParts,
  type SharedThread,
  shareIdSchema,
  storedPartsOf,
} from "@nexus/contracts";
import type { Db } from "@nexus/db";
import { declarationOf } from "../../ai/chat/chat-kinds.ts";
import { type PresentedKind, presentKind, presentKinds } from "../../ai/chat/kind-presenter.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as history from "../history/history.service.ts";
import { presentMedia } from "../images/images.service.ts";
import { shareMisses } from "./lookup-limit.ts";
import { checkCanContinue, storedAgent, storedParts } from "./shares.agent.ts";
import {
  createNexdocsShare,
  findLiveNexdocs,
  listNexdocsShares,
  nexdocsMeta,
  revokeNexdocsShare,
} from "./shares.nexdocs.ts";
import { noSuchShare, publicParts, publicSource } from "./shares.public.ts";
import * as repo from "./shares.repo.ts";
import {
  descriptionOf,
  type EntryContent,
  entryContent,
  focusModeOf,
  listOf,
  type StoredThread,
  storedMessages,
  threadSnapshot,
  titleOf,
} from "./shares.snapshot.ts";

export function kindOf(shareId: string): repo.ShareKind {
  return isThreadShareId(shareId) ? "thread" : "answer";
}

function shareUrl(deps: Deps, id: string): string {
  return `${deps.env.APP_URL}/share/${id}`;
}

function present(
  deps: Deps,
  link: { id: string; title: string; timestamp: Date },
  kind: repo.ShareKind,
  chat: PresentedKind,
): MyShare {
  return {
    shareId: link.id,
    kind,
    title: link.title,
    url: shareUrl(deps, link.id),
    createdAt: link.timestamp.toISOString(),
    chatKind: chat.kind,
    chatLabel: chat.label,
    subject: chat.subject,
  };
}

/** How the kind of a shared entry presents it (its declaration: label and subject). */
function chatOf(
  deps: Deps,
  user: SessionUser,
  row: { kind: string | null; subjectId: string | null },
): Promise<PresentedKind> {
  return presentKind(deps, user, { ...row, threadId: "", firstQuery: "" });
}

/** What a shared entry's kind declares about sharing it. */
function shareOf(deps: Deps, row: { kind: string | null }) {
  return declarationOf(deps.chatKinds, row.kind).share;
}

/** The agent a shared entry names, as its kind declares (an agent conversation's). */
function sharedAgentOf(
  deps: Deps,
  user: SessionUser,
  row: Pick<repo.HistoryRow, "kind" | "subjectId">,
): Promise<SharedAgent | undefined> {
  const agent = shareOf(deps, row).agent;
  return agent && row.subjectId ? agent(deps, user, row.subjectId) : Promise.resolve(undefined);
}

/**
 * An entry's saved parts when its kind shares them (each an object with a type); otherwise only
 * its citation checks (the runtime checks every kind's citations: issue 38), or undefined.
 */
function sharedPartsOf(deps: Deps, row: Pick<repo.HistoryRow, "kind" | "parts">) {
  const parts = storedPartsOf(row.parts) ?? undefined;
  if (shareOf(deps, row).keepsParts) return parts;
  const checks = parts?.filter((p) => p.type === CITATION_CHECKS_PART);
  return checks && checks.length > 0 ? checks : undefined;
}

/** An entry's content as its kind shares it (a document chat's quote markers read as `[n]`). */
function contentOf(deps: Deps, row: repo.HistoryRow): EntryContent {
  return entryContent(row, shareOf(deps, row).text);
}

const denied = () => new AppError("forbidden", MESSAGES.shareDenied);

/**
 * Shares one of the caller's answers or threads as a snapshot. Missing and foreign ids are refused
 * alike (403); an answer without content or a thread without answered messages is a 400 and
 * nothing is stored. An entry's live link is returned again; a thread's live link is refreshed
 * with the thread as it is now.
 */
export async function createShare(options: {
  deps: Deps;
  user: SessionUser;
  body: CreateShareRequest;
}): Promise<{ share: MyShare; created: boolean }> {
  const { deps, user, body } = options;
  const now = deps.clock.now();
  if ("documentId" in body)
    return createNexdocsShare({ deps, user, documentId: body.documentId, denied });
  if ("entryId" in body) {
    const row = await repo.ownEntry(deps.db, { userId: user.id, entryId: body.entryId });
    if (!row) throw denied();
    const entry = contentOf(deps, row);
    if (!entry.content.trim())
      throw new AppError("bad_request", "This answer has no content to share.");
    const agent = await sharedAgentOf(deps, user, row);
    const link = await repo.insertAnswerShare(deps.db, {
      id: alphanumericId(),
      userId: user.id,
      entryId: row.id,
      content: entry.content,
      thinkingContent: entry.thinkingContent,
      sources: entry.sources,
      images: entry.images,
      videos: entry.videos,
      query: entry.query,
      focusMode: entry.focusMode,
      isPdfFlow: await isPdfFlow(deps, user, row),
      isReasoningMode: entry.thinkingContent.trim() !== "",
      offline: entry.offline,
      description: descriptionOf(entry.content),
      agent: agent ?? null,
      parts: sharedPartsOf(deps, row) ?? null,
      timestamp: now,
    });
    const chat = await chatOf(deps, user, row);
    return { share: present(deps, link, "answer", chat), created: link.created };
  }
  const rows = await repo.ownThreadEntries(deps.db, { userId: user.id, threadId: body.threadId });
  if (rows.length === 0) throw denied();
  const answered = rows.filter((r) => contentOf(deps, r).content.trim() !== "");
  const [first, ...rest] = answered.map((r) => ({
    ...contentOf(deps, r),
    parts: sharedPartsOf(deps, r),
  }));
  if (!first || !answered[0])
    throw new AppError("bad_request", "This thread has no answers to share.");
  const thread = threadSnapshot([first, ...rest], await sharedAgentOf(deps, user, answered[0]));
  const link = await repo.upsertThreadShare(deps.db, {
    id: `t${alphanumericId()}`,
    userId: user.id,
    threadId: body.threadId,
    thread: { ...thread },
    title: thread.title,
    description: descriptionOf(first.content),
    entryIds: answered.map((r) => r.id),
    timestamp: now,
  });
  const chat = await chatOf(deps, user, answered[0]);
  return { share: present(deps, link, "thread", chat), created: link.created };
}

/** A reply about one of the sharer's PDFs (spec: `isPdfFlow`), as its kind declares. */
async function isPdfFlow(
  deps: Deps,
  user: SessionUser,
  row: Pick<repo.HistoryRow, "kind" | "subjectId">,
): Promise<boolean> {
  const pdfFlow = shareOf(deps, row).pdfFlow;
  return pdfFlow && row.subjectId ? pdfFlow(deps, user, row.subjectId) : false;
}

async function findLive(deps: Deps, shareId: string): Promise<PublicShare | undefined> {
  if (!shareIdSchema.safeParse(shareId).success) return undefined;
  if (isNexdocsShareId(shareId)) return findLiveNexdocs(deps, shareId);
  if (kindOf(shareId) === "thread") {
    const row = await repo.liveThreadShare(deps.db, shareId);
    if (!row) return undefined;
    const stored = row.thread as unknown as StoredThread;
    const thread: SharedThread = {
      // The public snapshot never carries the owner's own thread id.
      threadId: row.id,
      title: stored.title,
      focusMode: stored.focusMode,
      messages: storedMessages(stored).map((m) => ({
        ...m,
        sources: m.sources.map(publicSource),
        ...(m.parts ? { parts: publicParts(m.parts) } : {}),
      })),
      firstTimestamp: stored.firstTimestamp,
      latestTimestamp: stored.latestTimestamp,
      timestamp: row.timestamp.toISOString(),
      ...agentField(storedAgent(stored.agent)),
    };
    return { kind: "thread", shareId: row.id, thread };
  }
  const row = await repo.liveAnswerShare(deps.db, shareId);
  if (!row) return undefined;
  return {
    kind: "answer",
    shareId: row.id,
    answer: {
      content: row.content,
      thinkingContent: row.thinkingContent ?? "",
      sources: listOf(answerSourceSchema, row.sources).map(publicSource),
      images: listOf(answerImageSchema, row.images),
      videos: listOf(answerVideoSchema, row.videos),
      query: row.query,
      focusMode: focusModeOf(row.focusMode),
      isPdfFlow: row.isPdfFlow,
      isReasoningMode: row.isReasoningMode,
      offline: row.offline,
      timestamp: row.timestamp.toISOString(),
      ...agentField(storedAgent(row.agent)),
      ...partsField(storedParts(row.parts)),
    },
  };
}

function agentField(agent: SharedAgent | undefined) {
  return agent ? { agent } : {};
}

function partsField(parts: SharedParts | undefined) {
  return parts ? { parts: publicParts(parts) } : {};
}

/**
 * A share as a reader gets it: image and favicon addresses as signed image proxy URLs (the stored
 * snapshot keeps the origins' addresses; copies are made from that, not from this).
 */
export function presentPublicShare(deps: Deps, share: PublicShare): PublicShare {
  if (share.kind === "nexdoc") return share;
  if (share.kind !== "thread") return { ...share, answer: presentMedia(deps, share.answer) };
  const messages = share.thread.messages.map((m) => presentMedia(deps, m));
  return { ...share, thread: { ...share.thread, messages } };
}

/** A live share for anyone (no sign-in); rate-limited per address on misses (G5). */
export async function publicShare(options: {
  deps: Deps;
  /** A lag-tolerant Db for the read (middleware/read-your-writes.ts readDb), else deps.db. */
  reads?: Db;
  shareId: string;
  ip: string;
}): Promise<PublicShare> {
  await shareMisses.check(options.deps, options.ip);
  const { deps, reads } = options;
  // A replica that has not replayed a new link yet is not a miss: the primary has the last word.
  const share =
    (await findLive(reads ? { ...deps, db: reads } : deps, options.shareId)) ??
    (reads && reads !== deps.db ? await findLive(deps, options.shareId) : undefined);
  if (share) return share;
  await shareMisses.miss(options.deps, options.ip);
  throw noSuchShare(options.shareId);
}

/** Title and description of a live share for the share page, or undefined (counted as a miss). */
export async function shareMeta(options: {
  deps: Deps;
  /** A lag-tolerant Db for the read, as for publicShare. */
  reads?: Db;
  shareId: string;
  ip: string;
}): Promise<{ title: string; description: string } | undefined> {
  await shareMisses.check(options.deps, options.ip);
  const key = { id: options.shareId, kind: kindOf(options.shareId) };
  const { reads, deps } = options;
  const read = (db: Db) =>
    isNexdocsShareId(options.shareId)
      ? nexdocsMeta(db, options.shareId)
      : repo.liveShareMeta(db, key);
  const meta = shareIdSchema.safeParse(options.shareId).success
    ? ((await read(reads ?? deps.db)) ??
      (reads && reads !== deps.db ? await read(deps.db) : undefined))
    : undefined;
  if (!meta) {
    await shareMisses.miss(options.deps, options.ip);
    return undefined;
  }
  const description = isNexdocsShareId(options.shareId)
    ? descriptionOf(meta.description)
    : meta.description;
  return { title: titleOf(meta.title), description };
}

export async function listShares(options: { deps: Deps; user: SessionUser }): Promise<MyShare[]> {
  const { deps, user } = options;
  const links = await repo.listLive(deps.db, user.id);
  const chats = await presentKinds(
    deps,
    user,
    links.map((l) => ({ kind: l.chatKind, subjectId: l.subjectId, threadId: "", firstQuery: "" })),
  );
  const documents = await listNexdocsShares(deps, user);
  return [
    ...links.flatMap((link, i) => {
      const chat = chats[i];
      return chat ? [present(deps, link, link.kind, chat)] : [];
    }),
    ...documents,
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.shareId < b.shareId ? -1 : 1));
}

/** Revokes one of the caller's links; unknown, foreign and already revoked ids answer the same 404. */
export async function revokeShare(options: {
  deps: Deps;
  user: SessionUser;
  shareId: string;
}): Promise<void> {
  const { deps, user, shareId } = options;
  const valid = shareIdSchema.safeParse(shareId).success;
  const revoked =
    valid &&
    (isNexdocsShareId(shareId)
      ? await revokeNexdocsShare(deps, user, shareId)
      : await repo.revoke(deps.db, {
          userId: user.id,
          id: shareId,
          kind: kindOf(shareId),
          now: deps.clock.now(),
        }));
  if (!revoked) throw noSuchShare(shareId);
}

/**
 * "Continue in Nexus": copies a live share into a new thread of the caller (new thread and entry
 * ids), so follow-ups work from their own history. A shared agent conversation stays one with
 * that agent (a custom agent only when the caller can use it: else a plain 403, nothing copied).
 */
export async function copyShare(options: {
  deps: Deps;
  user: SessionUser;
  shareId: string;
  ip: string;
}): Promise<CopyShareResponse> {
  const { deps, user } = options;
  const share = await publicShare(options);
  if (share.kind === "nexdoc")
    throw new AppError(
      "bad_request",
      "A shared document is read-only: it has no chat to continue.",
    );
  const agent = share.kind === "thread" ? share.thread.agent : share.answer.agent;
  await checkCanContinue(deps, user, agent);
  const turns =
    share.kind === "thread"
      ? share.thread.messages.map((m) => ({ ...m, focusMode: share.thread.focusMode }))
      : [share.answer];
  const copy = await history.saveCopiedThread({ deps, user, turns, agentId: agent?.agentId });
  // Where the copy opens, as its kind links it.
  const [first] = await repo.ownThreadEntries(deps.db, {
    userId: user.id,
    threadId: copy.threadId,
  });
  const { href } = await presentKind(deps, user, {
    kind: first?.kind ?? null,
    subjectId: first?.subjectId ?? null,
    threadId: copy.threadId,
    firstQuery: first?.query ?? "",
  });
  return agent ? { ...copy, agentId: agent.agentId, href } : { ...copy, href };
}
export { accountData } from "./shares.account.ts";
export { sharedImage, sharedImageHeaders } from "./shares.nexdocs.ts";
export { noSuchShare, PUBLIC_SHARE_HEADERS } from "./shares.public.ts";
