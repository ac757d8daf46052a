import { z } from "zod";
import { focusModeSchema } from "./answer.ts";
import { answerSourceSchema } from "./chat-message.ts";
import { historyFilterSchema, threadPresentationSchema } from "./kinds.ts";

/** Spec §9: threads per history page and bookmarks per library page. */
export const HISTORY_PAGE_SIZE = 20;
export const LIBRARY_PAGE_SIZE = 10;
/** Longest search text accepted by the history and library searches. */
export const HISTORY_SEARCH_MAX = 200;

/** A thread in the history list (spec §3 Thread, without its messages: open it to read them). */
/** What a listed thread's work is doing (ThreadSummary.state). */
export const threadStateSchema = z.enum(["running", "failed"]);
export type ThreadState = z.infer<typeof threadStateSchema>;

export const threadSummarySchema = z.object({
  threadId: z.string(),
  /** The title its owner gave it (PUT /api/threads/:threadId/title), else the first query. */
  title: z.string(),
  firstQuery: z.string(),
  firstTimestamp: z.string(),
  latestTimestamp: z.string(),
  focusMode: focusModeSchema,
  messageCount: z.number().int(),
  /** The start of the latest answer, as plain text. */
  preview: z.string(),
  /**
   * What kind of chat it is (kinds.ts) and how its kind presents it: label, subject, badge and
   * where it opens, from the kind's declaration.
   */
  ...threadPresentationSchema.shape,
  /** Older readers: the agent of an agent conversation (null otherwise); prefer `subject`. */
  agentId: z.string().nullable().default(null),
  /** Older readers: a custom agent's name (null otherwise); prefer `badge`. */
  agentName: z.string().nullable().default(null),
  /** Older readers: the document of a document chat (null otherwise); prefer `subject`. */
  documentId: z.string().nullable().default(null),
  /** Pinned by its owner: listed first (page 1 of the history starts with the pinned threads). */
  pinned: z.boolean().default(false),
  /**
   * A thread whose work is still going on or ended in a failure (a deep research running, or
   * failed), as its kind says; absent for every other thread. Listed from its start, before any
   * reply of it is saved.
   */
  state: threadStateSchema.optional(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** GET /api/history?cursor=&q=: 20 threads by latest activity; the cursor keeps paging exact. */
export const historyQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  q: z.string().trim().max(HISTORY_SEARCH_MAX).optional(),
  /** Only the threads of the kinds listed under this filter (kinds.ts HISTORY_FILTERS; absent: all). */
  kind: historyFilterSchema.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  threads: z.array(threadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** PUT /api/history/:entryId/bookmark. */
export const bookmarkRequestSchema = z.object({ isBookmarked: z.boolean() });
export type BookmarkRequest = z.infer<typeof bookmarkRequestSchema>;
export const bookmarkResponseSchema = z.object({ entryId: z.string(), isBookmarked: z.boolean() });
export type BookmarkResponse = z.infer<typeof bookmarkResponseSchema>;

/** One bookmarked answer in the library. */
export const libraryItemSchema = z.object({
  entryId: z.string(),
  threadId: z.string(),
  query: z.string(),
  timestamp: z.string(),
  focusMode: focusModeSchema,
  /** The start of the answer, as plain text. */
  preview: z.string(),
  sources: z.array(answerSourceSchema),
  /** Its thread's kind as that kind presents it (a bookmarked reply opens where its thread does). */
  ...threadPresentationSchema.shape,
  agentId: z.string().nullable().default(null),
  documentId: z.string().nullable().default(null),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** GET /api/library?cursor=&q=: bookmarked answers, newest first, 10 per page. */
export const libraryQuerySchema = historyQuerySchema;
export const libraryPageSchema = z.object({
  items: z.array(libraryItemSchema),
  nextCursor: z.string().nullable(),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

/**
 * POST /api/history/import: after signing in, the thread an anonymous visitor had in this browser
 * session, saved once into the new account.
 */
export const importThreadRequestSchema = z.object({
  threadId: z.string().regex(/^[A-Za-z0-9]{8,64}$/),
  focusMode: focusModeSchema,
  turns: z
    .array(
      z
        .object({
          query: z.string().trim().min(1).max(4000),
          markdown: z.string().max(200_000),
          sources: z.array(answerSourceSchema).max(50),
          /** The visitor stopped this answer: kept as far as it got (its text may be empty). */
          stopped: z.boolean().optional(),
        })
        .refine((turn) => turn.stopped === true || turn.markdown.trim() !== "", {
          message: "An answer's text is required (unless the answer was stopped)",
          path: ["markdown"],
        }),
    )
    .min(1)
    .max(50),
});
export type ImportThreadRequest = z.infer<typeof importThreadRequestSchema>;
export const importThreadResponseSchema = z.object({ threadId: z.string() });

/** Longest thread title a person can give. */
export const THREAD_TITLE_MAX = 200;

/** PUT /api/threads/:threadId/title: rename one of your threads (it keeps the new title). */
export const threadTitleRequestSchema = z.object({
  title: z
    .string({ error: "A title is required." })
    .trim()
    .min(1, "A title is required.")
    .max(THREAD_TITLE_MAX, `A title is at most ${THREAD_TITLE_MAX} characters.`),
});
export type ThreadTitleRequest = z.infer<typeof threadTitleRequestSchema>;

/**
 * GET and PUT /api/threads/:threadId/title: the thread's title (its own, else its first query);
 * `renamed` says whether its owner gave it one.
 */
export const threadTitleSchema = z.object({
  threadId: z.string(),
  title: z.string(),
  renamed: z.boolean(),
});
export type ThreadTitle = z.infer<typeof threadTitleSchema>;

/** Most threads a person can keep pinned (the first history page lists them all). */
export const PINNED_THREADS_MAX = 20;
export const PINNED_THREADS_FULL = `You can pin up to ${PINNED_THREADS_MAX} threads: unpin one first.`;

/** PUT /api/threads/:threadId/pin: pin or unpin one of your threads. */
export const threadPinRequestSchema = z
  .object({ pinned: z.boolean({ error: "Say whether the thread is pinned (true or false)." }) })
  .strict();
export type ThreadPinRequest = z.infer<typeof threadPinRequestSchema>;
export const threadPinSchema = z.object({ threadId: z.string(), pinned: z.boolean() });
export type ThreadPin = z.infer<typeof threadPinSchema>;

/** Most threads one bulk delete takes (the History selection is capped to it). */
export const THREADS_DELETE_MAX = 50;

/**
 * POST /api/threads/bulk-delete: several of your threads at once, all or nothing (one that is not
 * yours, or is gone, deletes none and answers 404; one whose work is still running — a research,
 * an extraction — deletes none and answers 409 THREADS_DELETE_RUNNING).
 */
export const deleteThreadsRequestSchema = z
  .object({
    threadIds: z
      .array(z.string().min(1).max(200), { error: "List the threads to delete." })
      .min(1, "Select at least one thread.")
      .max(THREADS_DELETE_MAX, `Delete at most ${THREADS_DELETE_MAX} threads at a time.`)
      .refine((ids) => new Set(ids).size === ids.length, "A thread is listed twice."),
  })
  .strict();
/** Why a bulk delete that names a running thread deleted nothing (it is deleted on its own). */
export const threadsDeleteRunning = (title: string) =>
  `“${title}” is still running: stop it, or delete it on its own. Nothing was deleted.`;
export type DeleteThreadsRequest = z.infer<typeof deleteThreadsRequestSchema>;
export const deleteThreadsResponseSchema = z.object({ deleted: z.number().int() });
export type DeleteThreadsResponse = z.infer<typeof deleteThreadsResponseSchema>;
