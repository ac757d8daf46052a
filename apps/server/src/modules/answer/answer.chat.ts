import {
  type AnswerAttachment,
  type AnswerRequest,
  answerRequestSchema,
  earlierTurnsOf,
  MAX_QUERY_CHARS,
  questionOf,
  threadPaths,
} from "@nexus/contracts";
import type { ChatKind, ChatRequest, TurnEnd } from "../../ai/chat/chat-kinds.ts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";
import type { Caller, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as files from "../files/files.service.ts";
import * as usage from "../usage/usage.service.ts";
import { failureMessage } from "./answer.steps.ts";
import {
  type AnswerJob,
  type AnswerState,
  answerFinish,
  answerMetadata,
  answerSaved,
  answerState,
  EARLIER_TURNS,
  prepareAnswer,
  recordAnswer,
} from "./answer.turn.ts";

/**
 * The answer chat kind (ARCHITECTURE.md §3.1): POST /api/answer. The built-in offline engine
 * reads the answer's prompt format, so the offline agent words its prompt with it (re-exported).
 */
export { systemPrompt as answerSystemPrompt } from "./answer.focus.ts";
/** A focus's search (the web, the person's files), for kinds that search beside their own sources. */
export { searchFor } from "./answer.steps.ts";
/** The answer job, state and turn, for kinds that run an answer turn (document chat). */
export type { AnswerJob, AnswerPlanOptions, AnswerState } from "./answer.turn.ts";
export { prepareAnswer, recordAnswer } from "./answer.turn.ts";

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
 * Accepts a question: checks it and its files, charges one search up front (atomic; refused →
 * 429 with the details). A failed or stopped answer gives the unit back. `checked`: its files,
 * already checked by the caller (document chat's document), instead of the body's.
 */
export async function acceptAnswer(
  { deps, caller, body }: ChatRequest<AnswerRequest>,
  checked?: AnswerAttachment[],
) {
  const question = questionOf(body);
  if (!question) throw new AppError("bad_request", "A question is required");
  if (question.length > MAX_QUERY_CHARS)
    throw new AppError("bad_request", `A question has at most ${MAX_QUERY_CHARS} characters`);
  const attachments = checked ?? (await attachedFiles(deps, caller, body));
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
  return { job };
}

/** An answer's search unit, consumed on accept: kept when the answer completes, else given back. */
const searchCharge = {
  settle: async (deps: Deps, job: AnswerJob, end: TurnEnd) => {
    if (end !== "completed") await usage.refund({ deps, caller: job.caller, counter: "search" });
  },
};

/**
 * An answer turn for a kind whose jobs are answer jobs (the answer kind, document chat): the model,
 * metadata, preparation, record and charge of an answer, typed for that kind's job. Kinds compose
 * through this, not by spreading each other.
 */
export function answerTurn<J extends AnswerJob>(): Pick<
  ChatKind<J, AnswerRequest, AnswerState>,
  | "request"
  | "model"
  | "metadata"
  | "state"
  | "prepare"
  | "record"
  | "saved"
  | "finish"
  | "charge"
  | "failureText"
> {
  return {
    request: answerRequestSchema,
    model: (deps, job) => deps.models.chatModel({ reasoning: job.reasoning }),
    metadata: answerMetadata,
    state: answerState,
    prepare: (ctx) => prepareAnswer(ctx),
    record: recordAnswer,
    saved: answerSaved,
    finish: answerFinish,
    charge: searchCharge,
    failureText: (error, streamed) => failureMessage({ error, streamed }),
  };
}

/**
 * The answer kind as the product presents it: listed under Answers, opened as a search at its
 * first question; a share keeps its results (its parts are rebuilt from them).
 */
export const answerKind: KindDeclaration = {
  kind: "answer",
  label: "Answer",
  historyFilter: "answer",
  turnShape: "answer",
  link: ({ threadId, firstQuery }) => threadPaths.search(firstQuery, threadId),
  share: { keepsParts: false },
};

export const answerChat: ChatKind<AnswerJob, AnswerRequest, AnswerState> = {
  ...answerKind,
  ...answerTurn<AnswerJob>(),
  kind: "answer",
  failedText: "The answer failed. Try again in a moment.",
  stoppedText: "The answer was stopped.",
  accept: (request) => acceptAnswer(request),
};
