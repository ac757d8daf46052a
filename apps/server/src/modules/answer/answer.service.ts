import {
  type AnswerAttachment,
  type AnswerRequest,
  type AnswerResults,
  answerResultsSchema,
  earlierTurnsOf,
  focusModeSchema,
  MAX_QUERY_CHARS,
  MESSAGES,
  questionOf,
  type ThreadResponse,
} from "@nexus/contracts";
import { runChatJob } from "../../ai/chat/runners.ts";
import { sseEvent, withFirst } from "../../ai/chat/ui-message-sse.ts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as files from "../files/files.service.ts";
import { presentResults } from "../images/images.service.ts";
import * as usage from "../usage/usage.service.ts";
import * as repo from "./answer.repo.ts";
import { type AnswerJob, EARLIER_TURNS, modelFor } from "./answer.run.ts";
import { answerStartPart } from "./answer.stream.ts";

async function chargeSearch(deps: Deps, caller: Caller): Promise<void> {
  const charged = await usage.consume({ deps, caller, counter: "search" });
  if (!charged.allowed)
    throw usage.quotaExceeded(
      deps,
      { ...charged, counter: "search" },
      "You have reached your search limit.",
    );
}

/** The files attached to the question, checked (only a signed-in person has files). */
async function attachedFiles(
  deps: Deps,
  caller: Caller,
  body: AnswerRequest,
): Promise<AnswerAttachment[]> {
  const fileIds = body.fileIds ?? [];
  if (fileIds.length === 0) return [];
  if (!caller.user) throw new AppError("unauthorized", "Sign in to attach files.");
  return files.attachedFiles({ deps, user: caller.user, fileIds });
}

/**
 * Starts an answer: charges one search up front (atomic; refused → 429 with the details), then
 * streams it (answer.run.ts), in a chat worker when the server has them. A failed or aborted
 * answer gives the unit back; only signed-in users' turns are kept.
 */
export async function answer(options: {
  deps: Deps;
  caller: Caller;
  body: AnswerRequest;
  signal: AbortSignal;
}): Promise<ReadableStream<Uint8Array>> {
  const { deps, caller, body } = options;
  const question = questionOf(body);
  if (!question) throw new AppError("bad_request", "A question is required");
  if (question.length > MAX_QUERY_CHARS)
    throw new AppError("bad_request", `A question has at most ${MAX_QUERY_CHARS} characters`);
  const attachments = await attachedFiles(deps, caller, body);
  const fileIds = attachments.map((file) => file.id);
  await chargeSearch(deps, caller);
  const entryId = alphanumericId();
  const job: AnswerJob = {
    kind: "answer",
    caller,
    question,
    // A question with files is answered from them, in the Local focus.
    focusMode: fileIds.length > 0 ? "local" : body.focusMode,
    reasoning: body.reasoning,
    fileIds,
    attachments,
    entryId,
    threadId: body.threadId ?? entryId,
    continues: body.threadId,
    // Regenerating an answer replaces its entry (the caller's own, in this thread) when saved.
    replaces: body.trigger === "regenerate-message" ? body.messageId : undefined,
    clientTurns: earlierTurnsOf(body).slice(-EARLIER_TURNS),
  };
  // The `start` part goes out at once, whoever runs the rest.
  const start = sseEvent(answerStartPart({ ...job, model: modelFor(deps, job) }));
  const run = deps.chatRunner ?? ((j, signal) => runChatJob(deps, j, signal));
  return withFirst(start, run(job, options.signal));
}

const EMPTY_RESULTS: AnswerResults = {
  markdown: "",
  sources: [],
  images: [],
  videos: [],
  thinking: "",
};

/** What a thread id can be (answerRequestSchema's threadId, or a generated entry id). */
const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A thread of the caller's (404 for other users' and missing threads alike). */
export async function thread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
}): Promise<ThreadResponse> {
  // Not a thread id (e.g. a NUL byte, which PostgreSQL text cannot hold): missing, like any other.
  if (!THREAD_ID.test(options.threadId)) throw new AppError("not_found", MESSAGES.noSuchDocument);
  const rows = await repo.threadEntries(options.deps.db, {
    userId: options.user.id,
    threadId: options.threadId,
  });
  if (rows.length === 0) throw new AppError("not_found", MESSAGES.noSuchDocument);
  return {
    threadId: options.threadId,
    entries: rows.map((r) => {
      const results = answerResultsSchema.safeParse(r.results);
      const focus = focusModeSchema.safeParse(r.focusMode);
      return {
        id: r.id,
        threadId: r.threadId,
        timestamp: r.timestamp.toISOString(),
        query: r.query,
        focusMode: focus.success ? focus.data : "web",
        results: results.success ? presentResults(options.deps, results.data) : EMPTY_RESULTS,
        isBookmarked: r.isBookmarked,
      };
    }),
  };
}
