import { RESEARCH_EVENTS } from "@nexus/contracts";
import type { JobDefinition } from "../../jobs/job-definition.ts";
import {
  defineRunStepsJob,
  RunFailed,
  type RunStepContext,
  type StepOutcome,
} from "../runs/runs.jobs.ts";
import * as users from "../users/users.service.ts";
import type { EngineStep } from "./research.engine.ts";
import { planResearch, runResearchStep, writeReport } from "./research.engine.ts";
import { asStep } from "./research.llm.ts";
import {
  finishRequested,
  RESEARCH_RUN_KIND,
  RESEARCH_STEP_QUEUE,
  type ResearchStepData,
  settle,
  stateOf,
} from "./research.service.ts";
import {
  budgetOf,
  type FailedStep,
  nextStep,
  planQuestions,
  type ResearchState,
  type StepContext,
  withFailedStep,
} from "./research.state.ts";
import { reportEntryId } from "./research.turn.ts";

export const RESEARCH_FAILED_TEXT = "The research failed. Try again in a moment.";
/** A research whose step failed after its retries, and which wrote its report from what it had. */
export const RESEARCH_PARTLY_FAILED_TEXT =
  "A step failed after its retries: the report is written from the notes taken and lists what was not researched.";

function failedStepOf(step: EngineStep, state: ResearchState): FailedStep {
  return step.kind === "reflect"
    ? { id: `reflect-${state.reflections + 1}`, kind: "reflect", question: null }
    : { id: `${step.kind}-${step.question}`, kind: step.kind, question: step.question };
}

export { reportEntryId };

/** Saves the state after a step with its progress event: the step is done (its checkpoint). */
async function stepDone(run: RunStepContext, state: ResearchState, now: number): Promise<void> {
  const after = { ...state, spent: { ...state.spent, steps: state.spent.steps + 1 } };
  await run.emit(
    RESEARCH_EVENTS.progress,
    { spent: { ...after.spent, elapsedMs: now - state.startedAt }, budget: budgetOf(state) },
    { research: after },
  );
}

async function planStep(
  ctx: StepContext,
  run: RunStepContext,
  state: ResearchState,
): Promise<StepOutcome> {
  // Its retries show as any step's; a plan that fails after them ends the run (nothing to keep).
  const planned = await asStep(
    ctx,
    { id: "plan", kind: "plan", question: null, label: "Planning the research" },
    async () => {
      const plan = await planResearch(ctx.deps, ctx.caller, state, ctx.signal);
      if (plan.subQuestions.length === 0) throw new RunFailed("No research plan could be made.");
      const next: ResearchState = { ...state, ...planQuestions(plan.subQuestions) };
      await ctx.emit(RESEARCH_EVENTS.questions, { questions: next.questions });
      return { result: next, detail: `${next.questions.length} questions` };
    },
  );
  await stepDone(run, planned, ctx.deps.clock.now().getTime());
  return { next: true };
}

async function reportStep(
  ctx: StepContext,
  run: RunStepContext,
  state: ResearchState,
): Promise<StepOutcome> {
  const user = ctx.caller.user;
  if (!user) throw new RunFailed(RESEARCH_FAILED_TEXT);
  // An attempt after a crash writes the report again from its start: its readers drop theirs.
  if (run.writer.written > 0) await ctx.emit(RESEARCH_EVENTS.reportReset, {});
  const entryId = reportEntryId(ctx.runId);
  let report: Awaited<ReturnType<typeof writeReport>>;
  try {
    // The research kind's turn (research.turn.ts) into the run's events; saved by the runtime.
    report = await writeReport(
      { ...ctx, write: (chunk) => run.writer.write(chunk) },
      { ...state, finishing: true },
    );
  } catch (error) {
    // The last attempt's report broke off (not a cancel): what it wrote is dropped, so a failed
    // run shows no half report and its unit is given back (settle).
    if (run.last && !ctx.signal.aborted) {
      await run.writer.flush().catch(() => undefined);
      await ctx.emit(RESEARCH_EVENTS.reportReset, {}).catch(() => undefined);
    }
    throw error;
  }
  await run.writer.flush();
  await stepDone(run, report.state, ctx.deps.clock.now().getTime());
  const result = { entryId, threadId: ctx.threadId };
  // A step failed after its retries: the run ends failed, its report kept (it can be resumed).
  return (state.failedSteps ?? []).length > 0
    ? { next: false, result, failed: RESEARCH_PARTLY_FAILED_TEXT }
    : { next: false, result };
}

/**
 * A research run's steps (ARCHITECTURE.md §3.3): one job per step — plan (when the person did
 * not give one), then search / read / notes per question, reflection rounds, and the report —
 * each saving the research's state as its checkpoint, so a crash loses at most the step in flight.
 * Its unit is kept when the run ends with a report and given back when it ends without one (settle).
 */
export const RESEARCH_JOBS: JobDefinition[] = [
  defineRunStepsJob<ResearchStepData>({
    name: RESEARCH_STEP_QUEUE,
    runKind: RESEARCH_RUN_KIND,
    retryLimit: 2,
    retryDelaySeconds: 2,
    concurrency: (deps) => deps.env.RESEARCH_CONCURRENCY,
    failedText: RESEARCH_FAILED_TEXT,
    async step(deps, job, run) {
      const saved = stateOf(run.checkpoint);
      if (!saved) throw new RunFailed(RESEARCH_FAILED_TEXT);
      // The job carries ids only: who asked is the run's user, as the account is now.
      const caller = await users.jobCaller(deps, run.run.userId);
      if (!caller) throw new RunFailed(RESEARCH_FAILED_TEXT);
      const ctx: StepContext = {
        deps,
        caller,
        runId: job.data.runId,
        threadId: job.data.threadId,
        signal: run.signal,
        emit: (type, payload) => run.emit(type, payload),
        attempt: { number: run.attempt, of: run.attempts },
      };
      if (saved.questions.length === 0) return planStep(ctx, run, saved);
      const state =
        !saved.finishing && (await finishRequested(deps, ctx.runId))
          ? { ...saved, finishing: true }
          : saved;
      const step = nextStep(state, deps.clock.now().getTime());
      if (step.kind === "report") return reportStep(ctx, run, state);
      try {
        const after = await runResearchStep(ctx, state, step);
        await stepDone(run, after, deps.clock.now().getTime());
      } catch (error) {
        // Retried by the queue while attempts are left; a cancel or a hand-over stops the run.
        if (!run.last || run.signal.aborted || error instanceof RunFailed) throw error;
        // Failed after its retries: the step is marked failed (asStep said so), its question is
        // left and the report is written next from the notes taken.
        deps.logger.warn(
          { err: error, runId: ctx.runId },
          "a research step failed after its retries",
        );
        await stepDone(
          run,
          withFailedStep(state, failedStepOf(step, state)),
          deps.clock.now().getTime(),
        );
      }
      return { next: true };
    },
    async ended(deps, run) {
      // A deleted account has no unit left to give back.
      const caller = await users.jobCaller(deps, run.userId);
      if (caller) await settle(deps, caller, run);
    },
  }),
];
