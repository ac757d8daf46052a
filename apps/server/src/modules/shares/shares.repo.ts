import { type Db, schema } from "@nexus/db";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { preparedQuery } from "../../lib/prepared.ts";

const { searchHistory, shares, threadShares } = schema;
export type HistoryRow = typeof searchHistory.$inferSelect;
export type AnswerShareRow = typeof shares.$inferSelect;
export type ThreadShareRow = typeof threadShares.$inferSelect;
export type ShareKind = "answer" | "thread";

/** One entry of the user's (primary key + owner). */
export async function ownEntry(
  db: Db,
  options: { userId: string; entryId: string },
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(searchHistory)
    .where(and(eq(searchHistory.id, options.entryId), eq(searchHistory.userId, options.userId)))
    .limit(1);
  return row;
}

/** The user's entries of a thread, oldest first (index: thread_id, timestamp). */
export async function ownThreadEntries(
  db: Db,
  options: { userId: string; threadId: string },
): Promise<HistoryRow[]> {
  return db
    .select()
    .from(searchHistory)
    .where(
      and(eq(searchHistory.threadId, options.threadId), eq(searchHistory.userId, options.userId)),
    )
    .orderBy(asc(searchHistory.timestamp), asc(searchHistory.id));
}

export interface SavedLink {
  id: string;
  title: string;
  timestamp: Date;
  /** False when the live link already existed and was returned (or refreshed). */
  created: boolean;
}

/** Inserts an answer share, or returns the entry's live one (one live link per entry). */
export async function insertAnswerShare(
  db: Db,
  values: typeof shares.$inferInsert,
): Promise<SavedLink> {
  const [row] = await db
    .insert(shares)
    .values(values)
    .onConflictDoUpdate({
      target: shares.entryId,
      targetWhere: isNull(shares.revokedAt),
      set: { entryId: sql`excluded.entry_id` },
    })
    .returning({
      id: shares.id,
      title: shares.query,
      timestamp: shares.timestamp,
      created: sql<boolean>`xmax = 0`,
    });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Inserts a thread share, or refreshes the snapshot of the thread's live one (same link). */
export async function upsertThreadShare(
  db: Db,
  values: typeof threadShares.$inferInsert,
): Promise<SavedLink> {
  const [row] = await db
    .insert(threadShares)
    .values(values)
    .onConflictDoUpdate({
      target: [threadShares.userId, threadShares.threadId],
      targetWhere: isNull(threadShares.revokedAt),
      set: {
        thread: sql`excluded.thread`,
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        entryIds: sql`excluded.entry_ids`,
        timestamp: sql`excluded.timestamp`,
      },
    })
    .returning({
      id: threadShares.id,
      title: threadShares.title,
      timestamp: threadShares.timestamp,
      created: sql<boolean>`xmax = 0`,
    });
  if (!row) throw new Error("insert returned no row");
  return row;
}

const liveAnswerQuery = preparedQuery((db) =>
  db
    .select()
    .from(shares)
    .where(and(eq(shares.id, sql.placeholder("id")), isNull(shares.revokedAt)))
    .limit(1)
    .prepare("share_live_answer"),
);

const liveThreadQuery = preparedQuery((db) =>
  db
    .select()
    .from(threadShares)
    .where(and(eq(threadShares.id, sql.placeholder("id")), isNull(threadShares.revokedAt)))
    .limit(1)
    .prepare("share_live_thread"),
);

export async function liveAnswerShare(db: Db, id: string): Promise<AnswerShareRow | undefined> {
  const [row] = await liveAnswerQuery(db).execute({ id });
  return row;
}

export async function liveThreadShare(db: Db, id: string): Promise<ThreadShareRow | undefined> {
  const [row] = await liveThreadQuery(db).execute({ id });
  return row;
}

const answerMetaQuery = preparedQuery((db) =>
  db
    .select({ title: shares.query, description: shares.description })
    .from(shares)
    .where(and(eq(shares.id, sql.placeholder("id")), isNull(shares.revokedAt)))
    .limit(1)
    .prepare("share_page_answer"),
);

const threadMetaQuery = preparedQuery((db) =>
  db
    .select({ title: threadShares.title, description: threadShares.description })
    .from(threadShares)
    .where(and(eq(threadShares.id, sql.placeholder("id")), isNull(threadShares.revokedAt)))
    .limit(1)
    .prepare("share_page_thread"),
);

/** Title and description of a live share: the share page's one primary-key lookup. */
export async function liveShareMeta(
  db: Db,
  options: { id: string; kind: ShareKind },
): Promise<{ title: string; description: string } | undefined> {
  const query = options.kind === "thread" ? threadMetaQuery(db) : answerMetaQuery(db);
  const [row] = await query.execute({ id: options.id });
  return row;
}

/** A live link of the user's, with the chat kind and subject of what it shares. */
export interface LiveLink {
  id: string;
  kind: ShareKind;
  title: string;
  timestamp: Date;
  chatKind: string | null;
  subjectId: string | null;
}

/** The user's live links of both kinds, newest first. */
export async function listLive(db: Db, userId: string): Promise<LiveLink[]> {
  // What a link shares is of its entry's (its thread's) chat kind: read from history beside it.
  const entryOf = (column: "kind" | "subject_id") =>
    sql<string | null>`(select h.${sql.raw(column)} from search_history h
      where h.id = ${shares.entryId} and h.user_id = ${userId})`;
  const threadOf = (column: "kind" | "subject_id") =>
    sql<string | null>`(select h.${sql.raw(column)} from search_history h
      where h.thread_id = ${threadShares.threadId} and h.user_id = ${userId}
      order by h.timestamp desc limit 1)`;
  const [answers, threads] = await Promise.all([
    db
      .select({
        id: shares.id,
        title: shares.query,
        timestamp: shares.timestamp,
        chatKind: entryOf("kind"),
        subjectId: entryOf("subject_id"),
      })
      .from(shares)
      .where(and(eq(shares.userId, userId), isNull(shares.revokedAt)))
      .orderBy(desc(shares.timestamp)),
    db
      .select({
        id: threadShares.id,
        title: threadShares.title,
        timestamp: threadShares.timestamp,
        chatKind: threadOf("kind"),
        subjectId: threadOf("subject_id"),
      })
      .from(threadShares)
      .where(and(eq(threadShares.userId, userId), isNull(threadShares.revokedAt)))
      .orderBy(desc(threadShares.timestamp)),
  ]);
  return [
    ...answers.map((r) => ({ ...r, kind: "answer" as const })),
    ...threads.map((r) => ({ ...r, kind: "thread" as const })),
  ].sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? -1 : 1));
}

/** Revokes one of the user's live links; false when there is none (unknown, foreign, revoked). */
export async function revoke(
  db: Db,
  options: { userId: string; id: string; kind: ShareKind; now: Date },
): Promise<boolean> {
  const table = options.kind === "thread" ? threadShares : shares;
  const rows = await db
    .update(table)
    .set({ revokedAt: options.now })
    .where(and(eq(table.id, options.id), eq(table.userId, options.userId), isNull(table.revokedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}
