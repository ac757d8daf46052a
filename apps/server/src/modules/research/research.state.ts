import {
  RESEARCH_BUDGETS,
  type ResearchBudget,
  type ResearchDepth,
  type ResearchNote,
  type ResearchQuestion,
  type ResearchSource,
  type ResearchSources,
  type ResearchSpent,
} from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import type { Caller, Deps } from "../../deps.ts";

/**
 * A research's state between its steps: saved as its run's checkpoint (`research`) with the event
 * that ends each step, so a step after a crash starts from the last one that ended. Plain JSON.
 */
export interface ResearchState {
  question: string;
  depth: ResearchDepth;
  sources: ResearchSources;
  /** No model: plan, notes and report are extractive. */
  offline: boolean;
  questions: ResearchQuestion[];
  /** How far each question got, by its id. */
  stage: Record<string, QuestionStage>;
  /** Reflection rounds done. */
  reflections: number;
  found: ResearchSource[];
  /**
   * Sources a question's search found again that an earlier question had found (by question id):
   * its notes may come from them too once they are read. Absent in older checkpoints.
   */
  related?: Record<string, number[]>;
  notes: ResearchNote[];
  spent: Omit<ResearchSpent, "elapsedMs">;
  /** When the run's first step started (ms since the epoch). */
  startedAt: number;
  /** "Finish now" was asked for, a budget ran out or a step failed: the next step is the report. */
  finishing: boolean;
  /**
   * Steps that failed after their retries (absent in older checkpoints): their questions are not
   * researched further; the report lists them, and a resume runs them again.
   */
  failedSteps?: FailedStep[];
}

/** A step that failed after its retries. */
export interface FailedStep {
  /** Its research-step id ("notes-2", "reflect-1"). */
  id: string;
  kind: "search" | "read" | "notes" | "reflect";
  /** Its question (null for a reflection). */
  question: number | null;
}

export type QuestionStage = "new" | "searched" | "read" | "noted";

export type ResearchStepPlan =
  | { kind: "search"; question: number }
  | { kind: "read"; question: number }
  | { kind: "notes"; question: number }
  | { kind: "reflect" }
  | { kind: "report" };

/** The plan's questions (numbered from 1), each not started yet. */
export function planQuestions(
  texts: readonly string[],
): Pick<ResearchState, "questions" | "stage"> {
  const questions = texts.map((text, i): ResearchQuestion => ({ id: i + 1, text, origin: "plan" }));
  return {
    questions,
    stage: Object.fromEntries(questions.map((q) => [String(q.id), "new" as const])),
  };
}

export function initialState(values: {
  question: string;
  depth: ResearchDepth;
  sources: ResearchSources;
  offline: boolean;
  subQuestions: readonly string[];
  startedAt: number;
}): ResearchState {
  return {
    question: values.question,
    depth: values.depth,
    sources: values.sources,
    offline: values.offline,
    ...planQuestions(values.subQuestions),
    reflections: 0,
    found: [],
    notes: [],
    spent: { steps: 0, pages: 0, tokens: 0 },
    startedAt: values.startedAt,
    finishing: false,
  };
}

export function budgetOf(state: Pick<ResearchState, "depth">): ResearchBudget {
  return RESEARCH_BUDGETS[state.depth];
}

/** Which budget is spent ("steps", "pages" still leave notes on what was read), or null. */
export function budgetSpent(state: ResearchState, now: number): "steps" | "tokens" | "time" | null {
  const budget = budgetOf(state);
  // The report needs one step: the last one is kept for it.
  if (state.spent.steps >= budget.steps - 1) return "steps";
  if (state.spent.tokens >= budget.tokens) return "tokens";
  if (now - state.startedAt >= budget.wallMs) return "time";
  return null;
}

const NEXT: Record<Exclude<QuestionStage, "noted">, ResearchStepPlan["kind"]> = {
  new: "search",
  searched: "read",
  read: "notes",
};

/**
 * The next step: each question in turn through search → read → notes, then a reflection round
 * while the depth allows one (it may add follow-up questions), then the report — at once when
 * finishing was asked for or a budget is spent (a question already read still gets its notes).
 */
export function nextStep(state: ResearchState, now: number): ResearchStepPlan {
  const stopping = state.finishing || budgetSpent(state, now) !== null;
  const failed = new Set((state.failedSteps ?? []).map((step) => step.question));
  for (const question of state.questions) {
    const stage = state.stage[String(question.id)] ?? "new";
    if (stage === "noted" || failed.has(question.id)) continue;
    if (stopping && stage !== "read") continue;
    return { kind: NEXT[stage], question: question.id } as ResearchStepPlan;
  }
  if (!stopping && !state.offline && state.reflections < budgetOf(state).followUpRounds)
    return { kind: "reflect" };
  return { kind: "report" };
}

/**
 * The questions the research did not get to the end of (no notes taken for them): those whose step
 * failed, and those a stop or a spent budget left unsearched or unread.
 */
export function notResearched(state: ResearchState): ResearchQuestion[] {
  return state.questions.filter((q) => (state.stage[String(q.id)] ?? "new") !== "noted");
}

/** After a step failed for good: its question is left, and the report is written next. */
export function withFailedStep(state: ResearchState, step: FailedStep): ResearchState {
  return { ...state, finishing: true, failedSteps: [...(state.failedSteps ?? []), step] };
}

/**
 * The state a resumed research starts from: its failed steps run again, finishing cleared (the
 * remaining questions are researched), and its clock moved so the time it already spent counts
 * but the time it stood ended does not.
 */
export function resumedState(state: ResearchState, elapsedMs: number, now: number): ResearchState {
  const { failedSteps: _failed, ...rest } = state;
  return { ...rest, finishing: false, startedAt: now - Math.max(0, elapsedMs) };
}

/** What a step gets to do its work (the engine's functions take it). */
export interface StepContext {
  deps: Deps;
  /** The research's owner, as the search and files services take a caller. */
  caller: Caller;
  runId: string;
  threadId: string;
  /** Aborted when cancelling was asked for (stop outbound requests at once). */
  signal: AbortSignal;
  /** A progress event (research-step, research-sources …) the live view shows at once. */
  emit(type: string, payload: Record<string, unknown>): Promise<void>;
  /** This attempt of the step (1 first) of how many it gets; absent: one attempt. */
  attempt?: { number: number; of: number };
}

/** What a step produced: the state after it (never the one it was given, changed). */
export type StepResult = ResearchState;

/** The report step also writes the report's UI-message chunks (text, citations part). */
export interface ReportContext extends StepContext {
  write(chunk: UIMessageChunk): void;
}

/** The saved report: its Markdown (citing `[noteId]`) and the parts the history entry keeps. */
export interface ReportResult {
  state: ResearchState;
  markdown: string;
  parts: Array<Record<string, unknown>>;
}
