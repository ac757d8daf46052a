import {
  depthAllowed,
  type ResearchItem,
  type ResearchPlan,
  type ResearchPlanRequest,
  type ResearchStart,
} from "@nexus/contracts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as history from "../history/history.service.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import { isOffline, planResearch } from "./research.engine.ts";
import * as repo from "./research.repo.ts";
import { initialState, type ResearchState } from "./research.state.ts";

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

/** POST /api/research/plan: sub-questions to read and edit before starting. */
export async function plan(
  deps: Deps,
  user: SessionUser,
  input: ResearchPlanRequest,
  signal?: AbortSignal,
): Promise<ResearchPlan> {
  checkDepth(user, input.depth);
  return planResearch(deps, callerOf(user), input, signal);
}

/**
 * POST /api/research: reserves one agent unit (kept when the run succeeds, given back when it
 * fails or is cancelled), creates the run and its research row in one transaction with the plan
 * as its first event, and sends its first step.
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
  const reserved = await usage.consume({ deps, caller, counter: "agentUsage" });
  if (!reserved.allowed)
    throw usage.quotaExceeded(
      deps,
      { ...reserved, counter: "agentUsage" },
      "You have reached your agent conversation limit: a deep research counts as one.",
    );
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
    if (ended) await settle(deps, callerOf(user), "cancelled");
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

/** The reserved unit: kept when the research succeeded, given back otherwise. */
export async function settle(deps: Deps, caller: Caller, status: runs.RunStatus): Promise<void> {
  if (status !== "succeeded") await usage.refund({ deps, caller, counter: "agentUsage" });
}
