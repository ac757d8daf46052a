import {
  RESEARCH_EVENTS,
  type ResearchBudget,
  type ResearchCitationsPart,
  type ResearchNote,
  type ResearchQuestion,
  type ResearchSource,
  type ResearchSpent,
  type ResearchStep,
  type RunEventItem,
  type RunStatusValue,
  researchNoteSchema,
  researchQuestionSchema,
  researchSourceSchema,
  researchSpentSchema,
  researchStepSchema,
} from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import { t } from "@/lib/i18n/i18n.ts";

/**
 * What a research run's events say so far (GET /api/runs/:runId/events, replayed then live). The
 * same events give the same view whether they arrive live or are replayed after a reload; an event
 * seen twice (a reconnect) changes nothing.
 */
export interface ResearchView {
  /** The highest seq applied (the Last-Event-ID to resume from). */
  lastSeq: number;
  questions: readonly ResearchQuestion[];
  /** In the order they started; a step's end replaces its start. */
  steps: readonly ResearchStep[];
  /** By id (the order found). */
  sources: readonly ResearchSource[];
  notes: readonly ResearchNote[];
  spent: ResearchSpent | null;
  budget: ResearchBudget | null;
  /**
   * The report's UI-message chunks received so far, of its latest writing (a reset drops an
   * earlier attempt's): read into a message by the AI SDK's readUIMessageStream (report-message.ts).
   */
  reportChunks: readonly UIMessageChunk[];
  /** True once the report's text has started (and not been reset since). */
  reportStarted: boolean;
  /** From the stream's last message (or a `failed` event); null while it runs. */
  status: RunStatusValue | null;
  error: string | null;
}

export const EMPTY_RESEARCH_VIEW: ResearchView = {
  lastSeq: 0,
  questions: [],
  steps: [],
  sources: [],
  notes: [],
  spent: null,
  budget: null,
  reportChunks: [],
  reportStarted: false,
  status: null,
  error: null,
};

function upsertById<T extends { id: number | string }>(
  list: readonly T[],
  items: readonly T[],
  sort: boolean,
): T[] {
  const next = [...list];
  for (const item of items) {
    const at = next.findIndex((existing) => existing.id === item.id);
    if (at === -1) next.push(item);
    else next[at] = item;
  }
  if (sort) next.sort((a, b) => Number(a.id) - Number(b.id));
  return next;
}

const BUDGET_KEYS = [
  "subQuestions",
  "pagesPerQuestion",
  "pages",
  "followUpRounds",
  "steps",
  "tokens",
  "wallMs",
] as const satisfies ReadonlyArray<keyof ResearchBudget>;

/** A budget as the progress event carries it (no schema in the contracts: checked here). */
function researchBudgetLike(value: unknown): ResearchBudget | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  return BUDGET_KEYS.every((key) => typeof record[key] === "number")
    ? (record as unknown as ResearchBudget)
    : null;
}

function parseList<T>(value: unknown, parse: (item: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const item of value) {
    const parsed = parse(item);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}

const safe =
  <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }) =>
  (value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

const parseQuestion = safe<ResearchQuestion>(researchQuestionSchema);
const parseSource = safe<ResearchSource>(researchSourceSchema);
const parseNote = safe<ResearchNote>(researchNoteSchema);

/** The report's UI-message chunks, appended as they came (well-formed ones: objects with a type). */
function applyChunks(view: ResearchView, chunks: unknown): ResearchView {
  if (!Array.isArray(chunks)) return view;
  const more = chunks.filter(
    (chunk): chunk is UIMessageChunk =>
      typeof chunk === "object" && chunk !== null && typeof chunk.type === "string",
  );
  if (more.length === 0) return view;
  return {
    ...view,
    reportChunks: [...view.reportChunks, ...more],
    reportStarted:
      view.reportStarted ||
      more.some((chunk) => chunk.type === "text-start" || chunk.type === "text-delta"),
  };
}

/** One event applied (an event at or below lastSeq was applied already: ignored). */
export function applyResearchEvent(view: ResearchView, event: RunEventItem): ResearchView {
  if (event.seq <= view.lastSeq) return view;
  const next: ResearchView = { ...view, lastSeq: event.seq };
  const payload = event.payload;
  switch (event.type) {
    case RESEARCH_EVENTS.questions:
      return {
        ...next,
        questions: upsertById(next.questions, parseList(payload.questions, parseQuestion), true),
      };
    case RESEARCH_EVENTS.step: {
      const step = researchStepSchema.safeParse(payload);
      return step.success ? { ...next, steps: upsertById(next.steps, [step.data], false) } : next;
    }
    case RESEARCH_EVENTS.sources:
      return {
        ...next,
        sources: upsertById(next.sources, parseList(payload.sources, parseSource), true),
      };
    case RESEARCH_EVENTS.notes:
      return { ...next, notes: upsertById(next.notes, parseList(payload.notes, parseNote), true) };
    case RESEARCH_EVENTS.progress: {
      const spent = researchSpentSchema.safeParse(payload.spent);
      const budget = researchBudgetLike(payload.budget);
      return {
        ...next,
        spent: spent.success ? spent.data : next.spent,
        budget: budget ?? next.budget,
      };
    }
    case RESEARCH_EVENTS.reportReset:
      return { ...next, reportChunks: [], reportStarted: false };
    case "ui-chunks":
      return applyChunks(next, payload.chunks);
    case "failed":
      return {
        ...next,
        status: "failed",
        error: typeof payload.message === "string" ? payload.message : t("research.failed"),
      };
    case RESEARCH_EVENTS.resumed:
      // "Retry from here": it runs again; its earlier ending and error no longer hold.
      return { ...next, status: null, error: null };
    default:
      return next;
  }
}

export function reduceResearchEvents(
  events: readonly RunEventItem[],
  from: ResearchView = EMPTY_RESEARCH_VIEW,
): ResearchView {
  return events.reduce(applyResearchEvent, from);
}

/** The stream's last message: how the run ended. */
export function endResearchView(view: ResearchView, status: RunStatusValue): ResearchView {
  return { ...view, status };
}

export type QuestionStage =
  | "waiting"
  | "searching"
  | "reading"
  | "notes"
  | "done"
  | "failed"
  | "skipped";

/**
 * Where a question is: the kind of its running step; once its steps have all ended, done when its
 * notes were taken (failed when its last step failed), else between steps (the last one's stage).
 * Once the run has ended, a question whose notes were never taken was not researched (a stop, a
 * spent budget or an earlier failure came first): never "Done".
 */
export function questionStage(view: ResearchView, questionId: number): QuestionStage {
  const steps = view.steps.filter((step) => step.question === questionId);
  const running = steps.findLast((step) => step.status === "running");
  const stageOf = (kind: ResearchStep["kind"]): QuestionStage =>
    kind === "search" ? "searching" : kind === "read" ? "reading" : "notes";
  const ended = view.status !== null && view.status !== "running" && view.status !== "queued";
  const last = steps.at(-1);
  if (ended) {
    if (last?.status === "failed") return "failed";
    return last?.kind === "notes" && last.status === "done" ? "done" : "skipped";
  }
  if (running) return stageOf(running.kind);
  if (!last) return "waiting";
  if (last.status === "failed") return "failed";
  if (last.kind === "notes") return "done";
  return stageOf(last.kind);
}

/** Notes taken per question. */
export function noteCount(view: ResearchView, questionId: number): number {
  return view.notes.filter((note) => note.question === questionId).length;
}

/**
 * The citations a report being written can already show: each note with its source, from the
 * run's events (the report's own citations part replaces them once it arrives).
 */
export function liveCitations(view: ResearchView): ResearchCitationsPart {
  const byId = new Map(view.sources.map((source) => [source.id, source]));
  return {
    citations: view.notes.flatMap((note) => {
      const source = byId.get(note.sourceId);
      return source ? [{ note, source }] : [];
    }),
    sources: [...view.sources],
  };
}
