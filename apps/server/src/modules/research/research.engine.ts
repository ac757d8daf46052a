import { runTurnInto } from "../../ai/chat/run-turn.ts";
import { asStep, isOffline } from "./research.llm.ts";
import { takeNotes } from "./research.notes.ts";
import { planResearch, reflect } from "./research.plan.ts";
import { readQuestion, searchQuestion } from "./research.sources.ts";
import type { ReportContext, ReportResult, ResearchState, StepContext } from "./research.state.ts";
import { type ReportOutcome, reportJob, researchReport } from "./research.turn.ts";

/**
 * The deep research engine (issue 26): plan, one step at a time (search → read → notes per
 * sub-question, reflect), and the report. Each step takes the state and returns a new one (the
 * given one is never changed), emitting research-step at its start and end and what it found
 * (research-sources, research-notes, research-questions) through ctx.emit; the run's jobs count
 * steps, save checkpoints and emit progress.
 */

export { isOffline, planResearch };

export type EngineStep =
  | { kind: "search" | "read" | "notes"; question: number }
  | { kind: "reflect" };

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

function withTokens(state: ResearchState, tokens: number): ResearchState {
  return tokens > 0
    ? { ...state, spent: { ...state.spent, tokens: state.spent.tokens + tokens } }
    : state;
}

export async function runResearchStep(
  ctx: StepContext,
  state: ResearchState,
  step: EngineStep,
): Promise<ResearchState> {
  if (step.kind === "reflect") {
    const round = state.reflections + 1;
    return asStep(
      ctx,
      { id: `reflect-${round}`, kind: "reflect", question: null, label: "Looking for gaps" },
      async () => {
        const done = await reflect(ctx, state);
        return { result: withTokens(done.state, done.tokens), detail: done.detail };
      },
    );
  }
  const question = state.questions.find((q) => q.id === step.question);
  if (!question) throw new Error(`no question ${step.question}`);
  const text = shorten(question.text);
  const base = { id: `${step.kind}-${question.id}`, kind: step.kind, question: question.id };
  switch (step.kind) {
    case "search":
      return asStep(ctx, { ...base, label: `Searching: ${text}` }, async () => {
        const done = await searchQuestion(ctx, state, question.id);
        return { result: done.state, detail: done.detail };
      });
    case "read":
      return asStep(ctx, { ...base, label: `Reading: ${text}` }, async () => {
        const done = await readQuestion(ctx, state, question.id);
        return { result: done.state, detail: done.detail };
      });
    case "notes":
      return asStep(ctx, { ...base, label: `Taking notes: ${text}` }, async () => {
        const done = await takeNotes(ctx, state, question.id);
        return { result: withTokens(done.state, done.tokens), detail: done.detail };
      });
  }
}

/**
 * The report step (research-step "report"): the research kind's turn (research.turn.ts) run on the
 * one turn lifecycle, its chunks — its `start` and `finish` parts among them — through ctx.write;
 * saved by the runtime as the run's report entry. Throws when it failed or was cancelled.
 */
export async function writeReport(ctx: ReportContext, state: ResearchState): Promise<ReportResult> {
  return asStep(
    ctx,
    { id: "report", kind: "report", question: null, label: "Writing the report" },
    async () => {
      const outcome: ReportOutcome = { report: null, error: null };
      const job = reportJob(ctx, ctx.runId, state);
      const { failed } = await runTurnInto(
        ctx.deps,
        researchReport(outcome),
        job,
        ctx.write,
        ctx.signal,
      );
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error("cancelled");
      const result = outcome.report;
      if (failed !== null || !result) throw outcome.error ?? new Error(failed ?? "no report");
      const cited = (result.parts[1]?.data as { citations?: unknown[] } | undefined)?.citations;
      return { result, detail: `${cited?.length ?? 0} citations` };
    },
  );
}
