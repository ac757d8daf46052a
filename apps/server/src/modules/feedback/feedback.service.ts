import {
  type AdminFeedbackItem,
  type AdminFeedbackPage,
  entryIdSchema,
  type FeedbackRating,
  type FeedbackRequest,
  type FeedbackResponse,
  feedbackTypeSchema,
} from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import { csvRow } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import { keysetPage } from "../../lib/keyset-page.ts";
import { markdownExcerpt, truncateText } from "../../lib/markdown-excerpt.ts";
import * as history from "../history/history.service.ts";
import * as repo from "./feedback.repo.ts";

/** Length of the snapshot kept with a rating (question and start of the answer). */
export const SNAPSHOT_CHARS = 500;
export const ADMIN_PAGE_SIZE = 50;
const CSV_BATCH = 1000;

/** The signed-in user, else the anonymous id; neither is a 401. */
function raterOf(caller: Caller): repo.Rater {
  if (caller.user) return { userId: caller.user.id };
  if (caller.anonId) return { sessionId: caller.anonId };
  throw new AppError("unauthorized");
}

function present(row: repo.FeedbackRow): FeedbackResponse {
  const type = feedbackTypeSchema.safeParse(row.feedbackType);
  return {
    entryId: row.entryId,
    rating: row.rating,
    feedbackType: type.success ? type.data : null,
    feedbackText: row.feedbackText,
    timestamp: row.timestamp.toISOString(),
  };
}

/**
 * Rates an answer: one rating per person per answer, a new one replaces the old. The snapshot is
 * the user's own saved entry when there is one, else what the client sent (anonymous answers are
 * not kept on the server).
 */
export async function putFeedback(options: {
  deps: Deps;
  caller: Caller;
  body: FeedbackRequest;
}): Promise<FeedbackResponse> {
  const { deps, caller, body } = options;
  const rater = raterOf(caller);
  const saved = caller.user
    ? await history.ownEntryText(deps, { userId: caller.user.id, entryId: body.entryId })
    : undefined;
  const query = saved?.query ?? body.query ?? "";
  const answer = typeof saved?.markdown === "string" ? saved.markdown : (body.answer ?? "");
  const row = await repo.upsert(deps.db, {
    rater,
    values: {
      id: alphanumericId(),
      entryId: body.entryId,
      rating: body.rating,
      feedbackType: body.feedbackType ?? null,
      feedbackText: body.feedbackText ? body.feedbackText : null,
      query: truncateText(query.replace(/\s+/g, " ").trim(), SNAPSHOT_CHARS),
      answerExcerpt: markdownExcerpt(answer, SNAPSHOT_CHARS),
      timestamp: deps.clock.now(),
    },
  });
  return present(row);
}

/** The caller's own rating of an answer, or 404. */
export async function getFeedback(options: {
  deps: Deps;
  caller: Caller;
  entryId: string;
}): Promise<FeedbackResponse> {
  const rater = raterOf(options.caller);
  const row = entryIdSchema.safeParse(options.entryId).success
    ? await repo.findOwn(options.deps.db, { rater, entryId: options.entryId })
    : undefined;
  if (!row) throw new AppError("not_found");
  return present(row);
}

function encodeCursor(row: repo.FeedbackRow): string {
  return Buffer.from(JSON.stringify([row.timestamp.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { timestamp: Date; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      const timestamp = new Date(value[0]);
      // Ids are alphanumericId(): anything else (a NUL, a quote) never reaches the database.
      if (!Number.isNaN(timestamp.getTime()) && /^[A-Za-z0-9]{1,64}$/.test(value[1]))
        return { timestamp, id: value[1] };
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError("bad_request", "The cursor is not valid.");
}

function presentAdmin(row: repo.AdminRow): AdminFeedbackItem {
  return {
    ...present(row),
    id: row.id,
    from: row.email ?? "anonymous",
    query: row.query,
    answerExcerpt: row.answerExcerpt,
  };
}

export interface AdminFilter {
  rating?: FeedbackRating;
  type?: string;
}

/** Super-admins: ratings newest first, 50 a page, with a keyset cursor. */
export async function adminPage(options: {
  deps: Deps;
  filter: AdminFilter;
  cursor?: string;
}): Promise<AdminFeedbackPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await repo.adminPage(options.deps.db, {
    ...options.filter,
    after,
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, ADMIN_PAGE_SIZE, encodeCursor);
  return { items: page.map(presentAdmin), nextCursor };
}

const CSV_HEADER = [
  "id",
  "timestamp",
  "rating",
  "feedbackType",
  "feedbackText",
  "from",
  "entryId",
  "query",
  "answerExcerpt",
];

/** Every matching rating as CSV (RFC 4180, formula-neutralized), read in keyset batches. */
export function csvExport(options: {
  deps: Deps;
  filter: AdminFilter;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { timestamp: Date; id: string } | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(CSV_HEADER)));
      }
      const rows = await repo.adminPage(options.deps.db, {
        ...options.filter,
        after,
        limit: CSV_BATCH,
      });
      const text = rows
        .map((r) => {
          const item = presentAdmin(r);
          return csvRow([
            item.id,
            item.timestamp,
            item.rating,
            item.feedbackType ?? "",
            item.feedbackText ?? "",
            item.from,
            item.entryId,
            item.query,
            item.answerExcerpt,
          ]);
        })
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows[rows.length - 1];
      if (rows.length < CSV_BATCH || !last) controller.close();
      else after = { timestamp: last.timestamp, id: last.id };
    },
  });
}
export { accountData } from "./feedback.account.ts";
