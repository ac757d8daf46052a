import { z } from "zod";
import { runStatusSchema } from "./runs.ts";
import type { AccountTier } from "./tiers.ts";

/**
 * Deep research (/app/agents/deepresearch, /api/research): a durable run (modules/runs) of kind
 * "research" that plans sub-questions, searches, reads, takes notes with quotes and writes a
 * report whose every citation names a note (a quote checked against the text that was read).
 */
export const RESEARCH_DEPTHS = ["quick", "standard", "thorough"] as const;
export const researchDepthSchema = z.enum(RESEARCH_DEPTHS);
export type ResearchDepth = z.infer<typeof researchDepthSchema>;

/** Where a research looks: the configured web search, the person's own files, or both. */
export const RESEARCH_SOURCE_CHOICES = ["web", "files", "both"] as const;
export const researchSourcesSchema = z.enum(RESEARCH_SOURCE_CHOICES);
export type ResearchSources = z.infer<typeof researchSourcesSchema>;

export const RESEARCH_QUESTION_MAX = 2000;
export const RESEARCH_SUB_QUESTION_MAX = 300;
/** A plan holds 1–7 sub-questions once edited (a generated one: 3–7). */
export const RESEARCH_PLAN_MAX = 7;

export interface ResearchBudget {
  /** Sub-questions a generated plan holds. */
  subQuestions: number;
  /** Pages read per sub-question (its searches' best results). */
  pagesPerQuestion: number;
  /** Pages read in the whole run. */
  pages: number;
  /** Rounds of reflection (gaps → follow-up questions) after the plan's questions. */
  followUpRounds: number;
  /** Steps (search, read, notes, reflect, report) in the whole run. */
  steps: number;
  /** Model tokens (input + output) in the whole run; the report is written once it is spent. */
  tokens: number;
  /** Wall time in milliseconds; the report is written from what was gathered once it is spent. */
  wallMs: number;
}

/** What each depth may spend (its budget is shown with the run's cost). */
export const RESEARCH_BUDGETS: Readonly<Record<ResearchDepth, ResearchBudget>> = {
  quick: {
    subQuestions: 3,
    pagesPerQuestion: 2,
    pages: 6,
    followUpRounds: 0,
    steps: 14,
    tokens: 60_000,
    wallMs: 3 * 60_000,
  },
  standard: {
    subQuestions: 5,
    pagesPerQuestion: 3,
    pages: 15,
    followUpRounds: 1,
    steps: 36,
    tokens: 200_000,
    wallMs: 8 * 60_000,
  },
  thorough: {
    subQuestions: 7,
    pagesPerQuestion: 4,
    pages: 30,
    followUpRounds: 2,
    steps: 64,
    tokens: 500_000,
    wallMs: 15 * 60_000,
  },
};

/** The lowest tier that may run each depth (free: quick and standard; pro: thorough too). */
export const RESEARCH_DEPTH_TIER: Readonly<Record<ResearchDepth, AccountTier>> = {
  quick: "free",
  standard: "free",
  thorough: "pro",
};

export function depthAllowed(depth: ResearchDepth, tier: AccountTier): boolean {
  return RESEARCH_DEPTH_TIER[depth] === "free" || tier === "pro";
}

const question = z.string().trim().min(1).max(RESEARCH_QUESTION_MAX);
const subQuestion = z.string().trim().min(1).max(RESEARCH_SUB_QUESTION_MAX);

/** POST /api/research/plan: a plan to read and edit before starting. */
export const researchPlanRequestSchema = z.object({
  question,
  depth: researchDepthSchema.default("standard"),
  sources: researchSourcesSchema.default("both"),
});
export type ResearchPlanRequest = z.infer<typeof researchPlanRequestSchema>;

export const researchPlanSchema = z.object({
  subQuestions: z.array(z.string()),
  /** Made without a model (from the question's terms and the sources' headings). */
  offline: z.boolean(),
});
export type ResearchPlan = z.infer<typeof researchPlanSchema>;

/** POST /api/research: starts a run (201 with the item); no sub-questions: planned by the run. */
export const researchStartSchema = z.object({
  question,
  depth: researchDepthSchema.default("standard"),
  sources: researchSourcesSchema.default("both"),
  subQuestions: z.array(subQuestion).min(1).max(RESEARCH_PLAN_MAX).optional(),
});
export type ResearchStart = z.infer<typeof researchStartSchema>;

/** What a run has spent so far (its cost). */
export const researchSpentSchema = z.object({
  steps: z.number().int(),
  pages: z.number().int(),
  tokens: z.number().int(),
  elapsedMs: z.number().int(),
});
export type ResearchSpent = z.infer<typeof researchSpentSchema>;

/** A research in the results list and at the top of its page. */
export const researchItemSchema = z.object({
  threadId: z.string(),
  runId: z.string(),
  question: z.string(),
  depth: researchDepthSchema,
  sources: researchSourcesSchema,
  status: runStatusSchema,
  /** Sub-questions of the plan (follow-ups arrive as events). */
  subQuestions: z.array(z.string()),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** Sources read (their text was fetched), and every source found (read or not). */
  sourcesRead: z.number().int(),
  sourcesFound: z.number().int(),
  spent: researchSpentSchema,
  /** The saved report's history entry (null until it is written). */
  entryId: z.string().nullable(),
  /** Ran without a model: extractive notes and report. */
  offline: z.boolean(),
  /** Why it failed (null otherwise). */
  error: z.string().nullable(),
});
export type ResearchItem = z.infer<typeof researchItemSchema>;

/** GET /api/research?q=: the caller's research, newest first. */
export const researchListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
});
export const researchListSchema = z.object({ items: z.array(researchItemSchema) });
export type ResearchList = z.infer<typeof researchListSchema>;

// ---- Run events (GET /api/runs/:runId/events; type → payload) ----

export const RESEARCH_EVENTS = {
  /** A question joins the plan: `{ questions: ResearchQuestion[] }` (follow-ups included). */
  questions: "research-questions",
  /** A step starts or ends: ResearchStep. */
  step: "research-step",
  /** Sources found or read: `{ sources: ResearchSource[] }` (upsert by id). */
  sources: "research-sources",
  /** Notes taken: `{ notes: ResearchNote[] }`. */
  notes: "research-notes",
  /** What was spent: `{ spent: ResearchSpent, budget: ResearchBudget }`. */
  progress: "research-progress",
  /** The report is written again from its start (an attempt after a crash): drop what came. */
  reportReset: "research-report-reset",
  /**
   * A failed or cancelled research goes on from its last good step (POST …/resume): it is
   * running again (its earlier ending and error no longer hold); its events follow on.
   */
  resumed: "research-resumed",
} as const;

export const researchQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  origin: z.enum(["plan", "follow-up"]),
});
export type ResearchQuestion = z.infer<typeof researchQuestionSchema>;

export const RESEARCH_STEP_KINDS = [
  "plan",
  "search",
  "read",
  "notes",
  "reflect",
  "report",
] as const;
export const researchStepSchema = z.object({
  /** Stable across its start and end ("search-2"). */
  id: z.string(),
  kind: z.enum(RESEARCH_STEP_KINDS),
  /** The question it works on (null for plan, reflect, report). */
  question: z.number().int().nullable(),
  status: z.enum(["running", "done", "failed"]),
  /** What a person reads: "Searching: solar panel recycling rates". */
  label: z.string(),
  /** After it ended: "3 results", "2 pages read, 1 failed", "4 notes". */
  detail: z.string().nullable(),
});
export type ResearchStep = z.infer<typeof researchStepSchema>;

export const researchSourceSchema = z.object({
  /** 1-based, in the order found; a report's citations name it. */
  id: z.number().int(),
  kind: z.enum(["web", "file", "knowledge"]),
  /** A web page's address; a file's viewer link; a help page's path. */
  url: z.string(),
  title: z.string(),
  /** The file of a file source (it opens in the document viewer). */
  fileId: z.string().nullable(),
  question: z.number().int(),
  status: z.enum(["found", "read", "failed"]),
  /** Why it could not be read. */
  reason: z.string().nullable(),
});
export type ResearchSource = z.infer<typeof researchSourceSchema>;

/** How a quote was found in the text that was read ("unverified": it was not). */
export const QUOTE_CHECKS = ["exact", "normalised", "fuzzy", "unverified"] as const;
export const quoteCheckSchema = z.enum(QUOTE_CHECKS);
export type QuoteCheck = z.infer<typeof quoteCheckSchema>;

export const researchNoteSchema = z.object({
  /** 1-based; the report cites `[id]`. */
  id: z.number().int(),
  sourceId: z.number().int(),
  question: z.number().int(),
  /** The finding in a sentence. */
  text: z.string(),
  /** The words of the source that support it, as read. */
  quote: z.string(),
  check: quoteCheckSchema,
  /** The page of a PDF the quote is on (null when unknown or not a PDF). */
  page: z.number().int().nullable(),
});
export type ResearchNote = z.infer<typeof researchNoteSchema>;

/**
 * The report's citations (a `data-research-citations` part of its message): one per note it
 * cites, with the note's source. The report's text cites `[noteId]`.
 */
export const researchCitationSchema = z.object({
  note: researchNoteSchema,
  source: researchSourceSchema,
});
export type ResearchCitation = z.infer<typeof researchCitationSchema>;
export const researchCitationsPartSchema = z.object({
  citations: z.array(researchCitationSchema),
  /** Every source of the run, read or only found (the report's sources list). */
  sources: z.array(researchSourceSchema),
});
export type ResearchCitationsPart = z.infer<typeof researchCitationsPartSchema>;
export const RESEARCH_CITATIONS_PART = "data-research-citations";
