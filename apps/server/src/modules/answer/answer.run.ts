import type { AnswerAttachment, FocusMode } from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import * as history from "../history/history.service.ts";
import * as usage from "../usage/usage.service.ts";
import * as repo from "./answer.repo.ts";
import type { Turn } from "./answer.steps.ts";
import { answerStream } from "./answer.stream.ts";

/** Earlier turns a follow-up is rewritten with (the latest ones). */
export const EARLIER_TURNS = 6;

/**
 * One charged answer to run: plain data (it crosses to a chat worker as a structured clone).
 * Validation and the quota charge happened before (answer.service.ts).
 */
export interface AnswerJob {
  kind: "answer";
  caller: Caller;
  question: string;
  focusMode: FocusMode;
  reasoning: boolean;
  /** The caller's files attached to the question (checked): the only ones searched, if any. */
  fileIds: string[];
  /** The same files with their names: kept with the saved turn, so its chips come back. */
  attachments: AnswerAttachment[];
  entryId: string;
  threadId: string;
  /** The thread the request continues (absent for a new thread). */
  continues: string | undefined;
  /** The entry being regenerated: replaced when saved, not an earlier turn of itself. */
  replaces: string | undefined;
  /** Earlier turns the client sent (used when the server keeps none: anonymous visitors). */
  clientTurns: Turn[];
}

async function savedTurns(deps: Deps, job: AnswerJob): Promise<Turn[]> {
  const { user } = job.caller;
  if (!user || !job.continues) return [];
  const rows = await repo.threadEntries(deps.db, {
    userId: user.id,
    threadId: job.continues,
    limit: EARLIER_TURNS + 1,
  });
  return rows
    .filter((r) => r.id !== job.replaces)
    .slice(-EARLIER_TURNS)
    .map((r): Turn => ({ query: r.query, answer: markdownOf(r.results) }));
}

function markdownOf(results: Record<string, unknown>): string {
  return typeof results.markdown === "string" ? results.markdown : "";
}

export const modelFor = (deps: Deps, job: AnswerJob) =>
  deps.models.chatModel({ reasoning: job.reasoning });

/**
 * The answer itself (in this thread, or in a chat worker): streams it, saves a signed-in
 * user's finished turn, gives the charged unit back when it fails or is stopped. Everything after
 * the `start` part, which the main thread sends first (answer.service.ts), as UI-message chunks
 * (runners.ts frames them as server-sent events).
 */
export function runAnswer(deps: Deps, job: AnswerJob, signal: AbortSignal) {
  const { caller, entryId, threadId } = job;
  const user = caller.user;
  const stream = answerStream({
    deps,
    caller,
    model: modelFor(deps, job),
    question: job.question,
    focusMode: job.focusMode,
    fileIds: job.fileIds,
    entryId,
    threadId,
    signal,
    loadEarlier: async () => {
      const saved = await savedTurns(deps, job);
      return (saved.length > 0 ? saved : job.clientTurns).slice(-EARLIER_TURNS);
    },
    save: async ({ query, results }) => {
      if (!user) return; // anonymous visitors keep nothing on the server (maxChats 0)
      await history.saveTurn({
        deps,
        user,
        turn: {
          id: entryId,
          userId: user.id,
          threadId,
          timestamp: deps.clock.now(),
          query,
          focusMode: job.focusMode,
          results:
            job.attachments.length > 0 ? { ...results, attachments: job.attachments } : results,
        },
        replaces: job.replaces,
      });
    },
    refund: () => usage.refund({ deps, caller, counter: "search" }),
  });
  return stream;
}
