import {
  depthAllowed,
  RESEARCH_EVENTS,
  type ResearchItem,
  type ResearchPlan,
  type ResearchPlanRequest,
  type ResearchStart,
} from "@nexus/contracts";
import type { ThreadInProgress } from "../../ai/chat/kind-declaration.ts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { clientNetworkKey } from "../../lib/client-network.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import { enforceLimit } from "../../middleware/rate-limit.ts";
import * as history from "../history/history.service.ts";
import { stepsDone } from "../runs/runs.jobs.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import { isOffline, planResearch } from "./research.engine.ts";
import * as repo from "./research.repo.ts";
import { initialState, type ResearchState, resumedState } from "./research.state.ts";

/** A research run's kind (runs.kind) and its steps' queue. */
export const RESEARCH_RUN_KIND = "research";
export const RESEARCH_STEP_QUEUE = "research-step";
/** Research in the results list at most (newest first). */
export const RESEARCH_LIST_LIMIT = 200;

/**
 * The data of a research step's job: its run, its step and its thread; ids only (who asked is
 * the run's user, read when the step runs: no name or e-mail in the queue's tables).
 */
export interface ResearchStepData {
  runId: string;
  step: number;
  threadId: string;
}

function callerOf(user: SessionUser): Caller {
  return { user, anonId: null, ip: "" };
}

function checkDepth(user: SessionUser, depth: ResearchStart["depth"]) {
  const tier = user.tier === "pro" ? "pro" : "free";
  if (!depthAllowed(depth, tier))
    throw new AppError("forbidden", "Thorough research is part of the Pro plan.");
}

/** The wall of the agent quota: a start, a plan and a resume refused past it say the same. */
export const RESEARCH_QUOTA_MESSAGE =
  "You have reached your agent conversation limit: a deep research counts as one.";

/** The window of the plan rate limit (RESEARCH_PLAN_RATE_LIMIT per account, 3× per address). */
export const PLAN_RATE_WINDOW_MS = 10 * 60_000;

async function quotaWall(deps: Deps, caller: Caller, reserve: boolean): Promise<void> {
  const seen = reserve
    ? await usage.consume({ deps, caller, counter: "agentUsage" })
    : await usage.check({ deps, caller, counter: "agentUsage" });
  if (!seen.allowed)
    throw usage.quotaExceeded(deps, { ...seen, counter: "agentUsage" }, RESEARCH_QUOTA_MESSAGE);
}

/**
 * POST /api/research/plan: sub-questions to read and edit before starting. Metered like the run
 * it leads to (its model call is the research's first): refused past the agent quota with the
 * same 429 as a start, and rate-limited per account and per client network (`ip`) before any
 * model call.
 */
export async function plan(
  deps: Deps,
  user: SessionUser,
  input: ResearchPlanRequest,
  options: { ip: string; signal?: AbortSignal },
): Promise<ResearchPlan> {
  checkDepth(user, input.depth);
  const caller = callerOf(user);
  await quotaWall(deps, caller, false);
  const limit = deps.env.RESEARCH_PLAN_RATE_LIMIT;
  const message = "Too many research plans asked for: wait a few minutes and try again.";
  await enforceLimit({
    deps,
    rule: { bucket: "research-plan-user", limit, windowMs: PLAN_RATE_WINDOW_MS },
    key: user.id,
    message,
  });
  await enforceLimit({
    deps,
    rule: { bucket: "research-plan-ip", limit: limit * 3, windowMs: PLAN_RATE_WINDOW_MS },
    key: clientNetworkKey(options.ip),
    message,
  });
  return planResearch(deps, caller, input, options.signal);
}

/**
 * POST /api/research: reserves one agent unit (kept when the run ends with a report, given back
 * when it ends without one: settle), creates the run and its research row in one transaction with
 * the plan as its first event, and sends its first step.
 */
export async function start(
  deps: Deps,
  user: SessionUser,
  input: ResearchStart,
): Promise<ResearchItem> {
  checkDepth(user, input.depth);
  const jobs = deps.jobs;
  if (!jobs) throw new AppError("unavailable", "Background jobs are not running on this server.");
  const caller = callerOf(user);
  await quotaWall(deps, caller, true);
  const threadId = alphanumericId();
  const offline = isOffline(deps);
  const subQuestions = input.subQuestions ?? [];
  let runId: string | null = null;
  try {
    runId = await deps.db.transaction(async (tx) => {
      const run = await runs.createRun(tx, {
        userId: user.id,
        kind: RESEARCH_RUN_KIND,
        subjectId: threadId,
      });
      await repo.insertResearch(tx, {
        threadId,
        userId: user.id,
        runId: run.id,
        question: input.question,
        depth: input.depth,
        sources: input.sources,
        subQuestions,
        offline,
      });
      return run.id;
    });
    const state = initialState({
      question: input.question,
      depth: input.depth,
      sources: input.sources,
      offline,
      subQuestions,
      startedAt: deps.clock.now().getTime(),
    });
    await runs.appendEvent(deps, {
      runId,
      type: "research-questions",
      payload: { questions: state.questions },
      checkpoint: { research: state },
    });
    const data: ResearchStepData = { runId, step: 0, threadId };
    await jobs.send(RESEARCH_STEP_QUEUE, { ...data }, { singletonKey: `${runId}:0` });
  } catch (error) {
    // A run made but not started (its first event or job not written) ends failed rather than
    // staying "queued" in the results list; then the unit is given back.
    if (runId !== null)
      await runs
        .endRun(deps, runId, { status: "failed", result: { message: "Not started." } })
        .catch(() => undefined);
    await usage.refund({ deps, caller, counter: "agentUsage" });
    throw error;
  }
  return get(deps, user, threadId);
}

export function stateOf(checkpoint: Record<string, unknown> | null): ResearchState | null {
  const state = checkpoint?.research;
  return state && typeof state === "object" ? (state as ResearchState) : null;
}

function present(deps: Deps, row: repo.ResearchWithRun): ResearchItem {
  const state = stateOf(row.checkpoint);
  const started = state?.startedAt ?? row.createdAt.getTime();
  const end = row.endedAt?.getTime() ?? deps.clock.now().getTime();
  const found = state?.found ?? [];
  const result = row.result ?? {};
  return {
    threadId: row.threadId,
    runId: row.runId,
    question: row.question,
    depth: row.depth,
    sources: row.sources,
    status: row.status,
    subQuestions: state?.questions.map((q) => q.text) ?? row.subQuestions,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    sourcesRead: found.filter((s) => s.status === "read").length,
    sourcesFound: found.length,
    spent: {
      steps: state?.spent.steps ?? 0,
      pages: state?.spent.pages ?? 0,
      tokens: state?.spent.tokens ?? 0,
      elapsedMs: Math.max(0, end - started),
    },
    entryId: typeof result.entryId === "string" ? result.entryId : null,
    offline: row.offline,
    error: row.status === "failed" && typeof result.message === "string" ? result.message : null,
  };
}

async function owned(deps: Deps, user: SessionUser, threadId: string) {
  const row = /^[A-Za-z0-9]{8,64}$/.test(threadId)
    ? await repo.findOwned(deps.db, user.id, threadId)
    : null;
  if (!row) throw new AppError("not_found", "No such research.");
  return row;
}

export async function get(deps: Deps, user: SessionUser, threadId: string): Promise<ResearchItem> {
  return present(deps, await owned(deps, user, threadId));
}

export async function list(
  deps: Deps,
  user: SessionUser,
  q: string | undefined,
): Promise<ResearchItem[]> {
  const rows = await repo.listOwned(deps.db, user.id, { q, limit: RESEARCH_LIST_LIMIT });
  return rows.map((row) => present(deps, row));
}

/** Research in progress or failed that History and Recent list with their state, at most. */
const IN_PROGRESS_LIMIT = 20;

/**
 * The owner's research still running (or queued), or failed, newest first, for History and Recent
 * (research.chat.ts): listed with its state from its start, before its report is saved.
 */
export async function inProgress(
  deps: Pick<Deps, "db">,
  user: SessionUser,
): Promise<ThreadInProgress[]> {
  const rows = await repo.listUnfinished(deps.db, user.id, IN_PROGRESS_LIMIT);
  return rows.map((row) => ({
    threadId: row.threadId,
    title: row.question,
    subjectId: row.runId,
    startedAt: row.createdAt.toISOString(),
    latestAt: (row.endedAt ?? row.createdAt).toISOString(),
    state: row.status === "failed" ? "failed" : "running",
  }));
}

/** POST /api/research/:threadId/finish: the report is written from what was gathered so far. */
export async function finishNow(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<ResearchItem> {
  const row = await owned(deps, user, threadId);
  if (runs.isTerminal(row.status)) throw new AppError("conflict", "This research has ended.");
  await repo.requestFinish(deps.db, threadId, deps.clock.now());
  return get(deps, user, threadId);
}

/** Whether "finish now" was asked for (a step reads it before it starts). */
export async function finishRequested(deps: Deps, runId: string): Promise<boolean> {
  const row = await repo.findByRun(deps.db, runId);
  return row?.finishRequestedAt != null;
}

/**
 * DELETE /api/research/:threadId: stops a running research (its unit is given back: it did not
 * succeed), then deletes its run, events, pages and report.
 */
export async function remove(deps: Deps, user: SessionUser, threadId: string): Promise<void> {
  const row = await owned(deps, user, threadId);
  await removeOwned(deps, user, row);
  await history.deleteThread({ deps, user, threadId }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  });
}

async function removeOwned(deps: Deps, user: SessionUser, row: repo.ResearchWithRun) {
  if (!runs.isTerminal(row.status)) {
    await runs.requestCancel({ deps, user, runId: row.runId }).catch(() => undefined);
    const ended = await runs.endRun(deps, row.runId, { status: "cancelled" });
    if (ended) await settle(deps, callerOf(user), { id: row.runId, status: "cancelled" });
  }
  await deps.db.transaction(async (tx) => {
    await repo.deleteResearch(tx, row.threadId);
    await runs.deleteRun(tx, row.runId);
  });
}

/**
 * A research thread deleted from History (or the sidebar) takes its research with it: the run is
 * stopped (its unit given back) and its run, events, pages and results-list row go.
 */
export async function removeWithThread(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<boolean> {
  const row = await repo.findOwned(deps.db, user.id, threadId);
  if (row) await removeOwned(deps, user, row);
  return row !== null;
}

/**
 * Whether the run's report reached its reader: report text in its events after the last reset
 * (an attempt that starts the report again, or a last attempt that broke off, resets it).
 */
export async function reportWritten(deps: Deps, runId: string): Promise<boolean> {
  const events = await runs.eventsOfTypes(deps, runId, [
    runs.UI_CHUNKS_EVENT,
    RESEARCH_EVENTS.reportReset,
  ]);
  const afterReset = events.slice(
    events.findLastIndex((e) => e.type === RESEARCH_EVENTS.reportReset) + 1,
  );
  return afterReset.some((event) => {
    const chunks = event.payload.chunks;
    return (
      Array.isArray(chunks) &&
      chunks.some(
        (chunk: { type?: unknown; delta?: unknown }) =>
          chunk?.type === "text-delta" && typeof chunk.delta === "string" && chunk.delta !== "",
      )
    );
  });
}

/**
 * The reserved unit once a run has ended: kept when it ended with a report, given back when it
 * ended without one. A report counts from its first words: a run cancelled (or deleted) while its
 * report streams is charged and keeps the part written, readable on its page and in its events;
 * a run that failed after a step's retries but wrote its report from the notes taken is charged;
 * a run stopped or failed before its report began is not. A report whose last attempt broke off is
 * reset first (reportStep), so that failure is not charged.
 */
export async function settle(
  deps: Deps,
  caller: Caller,
  run: { id: string; status: runs.RunStatus },
): Promise<void> {
  if (run.status === "succeeded" || (await reportWritten(deps, run.id))) return;
  await usage.refund({ deps, caller, counter: "agentUsage" });
}

/**
 * POST /api/research/:threadId/resume ("Retry from here"): a failed or cancelled research goes on
 * from its last completed step — a step that failed after its retries runs again, then the
 * questions it had not reached, then the report, written again. A run whose unit was given back
 * (it ended without a report) takes one again, refused past the quota with the start's 429; one
 * that kept it (a report was written) does not. Two resumes at once: one wins, the other is a 409.
 */
export async function resume(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<ResearchItem> {
  const row = await owned(deps, user, threadId);
  if (row.status !== "failed" && row.status !== "cancelled")
    throw new AppError("conflict", "Only a failed or cancelled research can be resumed.");
  const jobs = deps.jobs;
  if (!jobs) throw new AppError("unavailable", "Background jobs are not running on this server.");
  const saved = stateOf(row.checkpoint);
  if (!saved) throw new AppError("conflict", "This research cannot be resumed.");
  const caller = callerOf(user);
  const reserve = !(await reportWritten(deps, row.runId));
  if (reserve) await quotaWall(deps, caller, true);
  try {
    const now = deps.clock.now().getTime();
    const elapsed = (row.endedAt?.getTime() ?? now) - saved.startedAt;
    const state = resumedState(saved, elapsed, now);
    if (!(await runs.reopenRun(deps, row.runId, { research: state })))
      throw new AppError("conflict", "This research is already running again.");
    try {
      await repo.clearFinish(deps.db, threadId);
      await runs.appendEvent(deps, {
        runId: row.runId,
        type: RESEARCH_EVENTS.resumed,
        payload: {},
      });
      const data: ResearchStepData = {
        runId: row.runId,
        step: stepsDone(row.checkpoint),
        threadId,
      };
      await jobs.send(RESEARCH_STEP_QUEUE, { ...data });
    } catch (error) {
      // Opened again but not sent on: it ends failed again rather than standing queued.
      const message = "The research could not be resumed. Try again in a moment.";
      await runs
        .appendEvent(deps, { runId: row.runId, type: "failed", payload: { message } })
        .catch(() => undefined);
      await runs
        .endRun(deps, row.runId, { status: "failed", result: { message } })
        .catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (reserve) await usage.refund({ deps, caller, counter: "agentUsage" });
    throw error;
  }
  return get(deps, user, threadId);
}
export { accountData } from "./research.account.ts";
