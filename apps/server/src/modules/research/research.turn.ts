import { RESEARCH_CITATIONS_PART, threadPaths } from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import { z } from "zod";
import type { ChatJob, ChatKind } from "../../ai/chat/chat-kinds.ts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";
import { failureMessage } from "../../ai/chat/turn-failure.ts";
import { AppError } from "../../lib/errors.ts";
import { tokensOf } from "./research.llm.ts";
import {
  citationsPart,
  extractiveReport,
  LineWriter,
  notResearchedSection,
  REPORT_SYSTEM,
  reportParts,
  reportPrompt,
} from "./research.report.ts";
import type { ReportResult, ResearchState } from "./research.state.ts";

/** What lists call a deep research (History's badge, Settings' share list). */
export const RESEARCH_LABEL = "Deep research";

/** The research kind's id (contracts kinds.ts). */
const RESEARCH_KIND = "research" as const;

/**
 * The research kind as lists, links and shares present it (ARCHITECTURE.md §3.1); research.chat.ts
 * adds how its thread is read back.
 */
export const researchDeclaration: KindDeclaration = {
  kind: RESEARCH_KIND,
  label: RESEARCH_LABEL,
  icon: "telescope",
  badge: () => RESEARCH_LABEL,
  link: ({ threadId }) => threadPaths.deepResearch(threadId),
  share: { keepsParts: true },
};

/**
 * A research's report as a chat job (plain data): its run, and the research's state once its notes
 * are taken. The reply's id is the report's history entry (one per run, the same on every
 * attempt), which it replaces when written again.
 */
export interface ResearchReportJob extends ChatJob {
  kind: typeof RESEARCH_KIND;
  runId: string;
  state: ResearchState;
}

/** The report's history entry: one id per run, the same on every attempt. */
export function reportEntryId(runId: string): string {
  return `r${runId.replace(/-/g, "")}`;
}

/** The report job of a research's run once its notes are ready. */
export function reportJob(
  base: Pick<ChatJob, "caller" | "threadId">,
  runId: string,
  state: ResearchState,
): ResearchReportJob {
  const entryId = reportEntryId(runId);
  return {
    kind: RESEARCH_KIND,
    caller: base.caller,
    entryId,
    threadId: base.threadId,
    replaces: entryId,
    reasoning: false,
    runId,
    state,
  };
}

/** One report turn as it runs: the model's tokens, and what is saved once it is written. */
interface ReportTurn {
  tokens: number;
  markdown: string;
  parts: Array<Record<string, unknown>>;
  done: boolean;
}

/** Where a report turn run in process leaves its report, or the error it failed with. */
export interface ReportOutcome {
  report: ReportResult | null;
  error: unknown;
}

/**
 * The research kind on the one turn (run-turn.ts): the report written from the notes only. With a
 * model, the AI SDK's streamText (the runtime's model call) piped through a line writer that drops
 * citation markers naming no note and any address before a line goes out; offline (or without
 * notes), the extractive report. Then what was not researched, and one data-research-citations
 * part. The runtime saves it (as the research's report entry, replacing an earlier attempt's); a
 * stopped report is kept in the run's events only. Its unit is settled by the research's run
 * (research.service.ts settle), not per turn. `outcome` receives the report (or the failure) when
 * the turn is run in process by the research's job.
 */
export function researchReport(
  outcome: ReportOutcome = { report: null, error: null },
): ChatKind<ResearchReportJob, never, ReportTurn> {
  return {
    ...researchDeclaration,
    kind: RESEARCH_KIND,
    request: z.never(),
    failedText: "The report could not be written. Try again in a moment.",
    stoppedText: "The research was stopped while its report was being written.",
    accept() {
      throw new AppError("not_found", "A research's report is written by its run.");
    },
    model: (deps) => deps.models.chatModel({ reasoning: false }),
    metadata: (job) => ({ threadId: job.threadId, runId: job.runId }),
    state: () => ({ tokens: 0, markdown: "", parts: [], done: false }),
    async prepare(ctx) {
      const { state } = ctx.job;
      const lines = new LineWriter(ctx.write, new Set(state.notes.map((n) => n.id)));
      const after = async () => {
        const missing = notResearchedSection(state);
        if (missing) lines.push(missing);
        lines.end();
        const markdown = lines.text.trim();
        const data = citationsPart(state, markdown);
        ctx.write({ type: RESEARCH_CITATIONS_PART, data } as UIMessageChunk);
        Object.assign(ctx.state, { markdown, parts: reportParts(markdown, data), done: true });
        const { spent } = state;
        outcome.report = {
          state: { ...state, spent: { ...spent, tokens: spent.tokens + ctx.state.tokens } },
          markdown,
          parts: ctx.state.parts,
        };
      };
      if (state.offline || state.notes.length === 0)
        return { reply: async () => lines.push(extractiveReport(state)), after };
      return {
        call: {
          system: REPORT_SYSTEM,
          messages: [{ role: "user", content: reportPrompt(state) }],
          // Its language is the research question's, not its notes'.
          asked: state.question,
          // Only the text goes on, a line at a time, cleaned (the line writer's own text part).
          pipe: (chunk) => {
            if (chunk.type === "text-delta") lines.push(chunk.delta);
          },
          onStepFinish: ({ usage }) => {
            ctx.state.tokens += tokensOf(usage);
          },
        },
        after,
      };
    },
    record(ctx, { stopped }) {
      if (stopped || !ctx.state.done) return null;
      const { job } = ctx;
      return {
        query: job.state.question,
        results: { markdown: ctx.state.markdown, ...(job.state.offline ? { offline: true } : {}) },
        subjectId: job.runId,
        parts: ctx.state.parts,
      };
    },
    failureText(error, streamed) {
      outcome.error = error;
      return failureMessage({ error, streamed });
    },
  };
}
