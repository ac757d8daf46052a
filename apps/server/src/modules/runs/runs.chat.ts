import type { AnyChatKind, ChatJob } from "../../ai/chat/chat-kinds.ts";
import { runTurnInto } from "../../ai/chat/run-turn.ts";
import type { Deps } from "../../deps.ts";
import type { JobDefinition } from "../../jobs/job-definition.ts";
import * as users from "../users/users.service.ts";
import { defineRunJob, RUN_INTERRUPTED_MESSAGE, RunCancelled, RunFailed } from "./runs.jobs.ts";
import type { RunRow } from "./runs.repo.ts";
import { startRun } from "./runs.service.ts";

/** How often a chat turn run as a job looks whether cancelling was asked for. */
const CANCEL_POLL_MS = 500;

/** The data of a chat turn run as a job: its run and the chat job (plain data, as for workers). */
export interface ChatRunData {
  runId: string;
  chat: ChatJob;
}

/** The queue of a kind's turns run as jobs. */
export const chatRunQueue = (kind: AnyChatKind) => `chat-turn-${kind.kind}`;

/**
 * A chat kind's turns run as durable jobs (ARCHITECTURE.md §3.3): the one turn lifecycle
 * (run-turn.ts) with a writer that appends its UI-message chunks to the run's events, so the
 * reply streams live to GET /api/runs/:id/events and replays after a reload, on any instance.
 * Cancel stops the turn (saved as stopped, refunded: the kind's own rules). A model's stream
 * cannot be continued halfway: an attempt after a crash runs the turn again when none of it was
 * written yet, and otherwise ends the run failed (its readers keep what they received).
 */
export function defineChatRunJob(
  kind: AnyChatKind,
  options: { concurrency: (deps: Deps) => number; retryDelaySeconds?: number },
): JobDefinition {
  return defineRunJob<ChatRunData>({
    name: chatRunQueue(kind),
    retryDelaySeconds: options.retryDelaySeconds ?? 2,
    concurrency: options.concurrency,
    failedText: kind.failedText,
    async work(deps, queued, run) {
      if (run.writer.written > 0) throw new RunFailed(RUN_INTERRUPTED_MESSAGE);
      // The job carries the caller without their profile: the run's user, as the account is now.
      const caller = await users.jobCaller(deps, run.run.userId);
      if (!caller) throw new RunFailed(kind.failedText);
      const job: ChatJob = {
        ...queued.data.chat,
        caller: { ...queued.data.chat.caller, user: caller.user },
      };
      const stop = new AbortController();
      let cancelled = false;
      const poll = setInterval(() => {
        run.step().catch((error: unknown) => {
          cancelled = error instanceof RunCancelled;
          stop.abort(error);
        });
      }, CANCEL_POLL_MS);
      let failed: string | null;
      try {
        ({ failed } = await runTurnInto(
          deps,
          kind,
          job,
          (chunk) => run.writer.write(chunk),
          stop.signal,
        ));
      } finally {
        clearInterval(poll);
      }
      await run.writer.flush();
      if (cancelled) throw new RunCancelled();
      if (failed !== null) throw new RunFailed(failed);
      return { entryId: job.entryId, threadId: job.threadId };
    },
  });
}

/** Starts a chat turn as a run of its own (accepted and charged by the kind already). */
export function startChatRun(deps: Deps, kind: AnyChatKind, job: ChatJob): Promise<RunRow> {
  const userId = job.caller.user?.id;
  if (!userId) throw new Error("a chat run needs a signed-in caller");
  return startRun(deps, {
    userId,
    kind: `chat:${kind.kind}`,
    subjectId: job.threadId,
    queue: chatRunQueue(kind),
    // Ids only in the queue's tables: no name or e-mail (the worker reads the user by the run's).
    data: { chat: { ...job, caller: { ...job.caller, user: null } } },
  });
}
