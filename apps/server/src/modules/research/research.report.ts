import {
  messageToStoredParts,
  RESEARCH_CITATIONS_PART,
  type ResearchCitation,
  type ResearchCitationsPart,
  type ResearchNote,
} from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import { DATA_RULE, withoutUrls } from "./research.llm.ts";
import { notResearched, type ResearchState } from "./research.state.ts";

/** Notes in the extractive summary. */
const SUMMARY_NOTES = 5;
const REPORT_TEXT_ID = "research-report";

const MARKER = /\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g;

/**
 * A report line as it is kept: citation markers naming no note removed (a marker "[2, 9]" keeps
 * the ids that are notes), addresses removed (the model never supplies one).
 */
export function cleanLine(line: string, noteIds: ReadonlySet<number>): string {
  return withoutUrls(line)
    .replace(MARKER, (_all, list: string) => {
      const kept = list
        .split(",")
        .map((id) => Number(id.trim()))
        .filter((id) => noteIds.has(id));
      return kept.length > 0 ? `[${kept.join(", ")}]` : "";
    })
    .replace(/[ \t]+([.,;:])/g, "$1")
    .replace(/[ \t]{2,}/g, " ");
}

/** The note ids a report cites, in the order it first cites them. */
export function citedIds(markdown: string): number[] {
  const out: number[] = [];
  for (const m of markdown.matchAll(MARKER))
    for (const id of (m[1] ?? "").split(","))
      if (!out.includes(Number(id.trim()))) out.push(Number(id.trim()));
  return out;
}

/** The citations part: one citation per cited note (with its source), and every source. */
export function citationsPart(state: ResearchState, markdown: string): ResearchCitationsPart {
  const notes = new Map(state.notes.map((n) => [n.id, n]));
  const sources = new Map(state.found.map((s) => [s.id, s]));
  const citations: ResearchCitation[] = [];
  for (const id of citedIds(markdown)) {
    const note = notes.get(id);
    const source = note ? sources.get(note.sourceId) : undefined;
    if (note && source) citations.push({ note, source });
  }
  return { citations, sources: state.found };
}

/** Streams text line by line through `write`, each line cleaned before it goes out. */
export class LineWriter {
  private pending = "";
  /** Whether a line was written yet, and whether the model wrapped its report in a code fence. */
  private started = false;
  private fenced = false;
  text = "";
  constructor(
    private readonly write: (chunk: UIMessageChunk) => void,
    private readonly noteIds: ReadonlySet<number>,
  ) {
    write({ type: "text-start", id: REPORT_TEXT_ID });
  }
  push(delta: string): void {
    this.pending += delta;
    const end = this.pending.lastIndexOf("\n");
    if (end < 0) return;
    this.emit(this.pending.slice(0, end + 1));
    this.pending = this.pending.slice(end + 1);
  }
  end(): void {
    if (this.pending) this.emit(this.pending);
    this.pending = "";
    this.write({ type: "text-end", id: REPORT_TEXT_ID });
  }
  /** False for a fence around the whole report (a weak model's ```markdown … ```). */
  private keep(line: string): boolean {
    if (!this.started && line.trim() === "") return true;
    if (!this.started) {
      this.started = true;
      this.fenced = /^```(?:markdown|md)?\s*$/i.test(line.trim());
      return !this.fenced;
    }
    return !(this.fenced && line.trim() === "```");
  }

  private emit(lines: string): void {
    const clean = lines
      .split("\n")
      .filter((line) => this.keep(line))
      .map((line) => cleanLine(line, this.noteIds))
      .join("\n");
    if (!clean) return;
    this.text += clean;
    this.write({ type: "text-delta", id: REPORT_TEXT_ID, delta: clean });
  }
}

function notesAsData(state: ResearchState): string {
  const questions = state.questions
    .map((q) => {
      const notes = state.notes.filter((n) => n.question === q.id);
      const lines = notes.map(
        (n) =>
          `[${n.id}] ${withoutUrls(n.text)}${n.check === "unverified" ? " (quote not verified)" : ""}`,
      );
      return `Sub-question: ${q.text}\n${lines.length > 0 ? lines.join("\n") : "(no notes)"}`;
    })
    .join("\n\n");
  return `<<<NOTES>>>\n${questions.replaceAll("<<<", "‹‹‹")}\n<<<END NOTES>>>`;
}

/** The report's system message: the notes only, cited as [n], no addresses. */
export const REPORT_SYSTEM = [
  "You write a research report in Markdown from numbered notes only: no other knowledge.",
  "Structure: `## Summary` (a short paragraph), then one `##` section per theme, a Markdown table",
  "where comparing facts helps, and last `## Open questions` (what the notes leave unanswered).",
  "Cite the notes that support each claim as [n] with the note's number, right after the claim;",
  "cite only numbers that are notes. Never write URLs or a list of sources (one is added for you).",
  DATA_RULE.replaceAll("<<<SOURCE n>>>", "<<<NOTES>>>").replaceAll(
    "<<<END SOURCE n>>>",
    "<<<END NOTES>>>",
  ),
].join(" ");

const bullet = (note: ResearchNote) => `- ${note.text.replace(/\s+/g, " ").trim()} [${note.id}]`;

/**
 * The extractive report: the summary takes each question's first note (then more, up to
 * SUMMARY_NOTES), a section per question with notes, and open questions: those with none (and
 * whose search found no source another question took notes from).
 */
export function extractiveReport(state: ResearchState): string {
  const byQuestion = state.questions.map((q) => ({
    question: q,
    notes: state.notes.filter((n) => n.question === q.id),
  }));
  const summary: ResearchNote[] = [];
  for (let round = 0; summary.length < SUMMARY_NOTES; round++) {
    const more = byQuestion.flatMap((q) => q.notes.slice(round, round + 1));
    if (more.length === 0) break;
    summary.push(...more.slice(0, SUMMARY_NOTES - summary.length));
  }
  const lines = ["## Summary", ""];
  if (summary.length === 0) lines.push("Nothing relevant was found in the sources read.");
  else lines.push(...summary.map(bullet));
  for (const { question, notes } of byQuestion) {
    if (notes.length === 0) continue;
    lines.push("", `## ${question.text.replace(/\s+/g, " ")}`, "", ...notes.map(bullet));
  }
  // Open: researched, no notes, and none from the sources its search found either (another
  // question's). Those not researched at all are listed after the report (notResearchedSection).
  const noted = new Set(state.notes.map((n) => n.sourceId));
  const missing = new Set(notResearched(state).map((q) => q.id));
  const open = byQuestion.filter(
    (q) =>
      !missing.has(q.question.id) &&
      q.notes.length === 0 &&
      !(state.related?.[String(q.question.id)] ?? []).some((id) => noted.has(id)),
  );
  lines.push("", "## Open questions", "");
  if (open.length === 0)
    lines.push(
      missing.size === 0
        ? "Every sub-question found notes in the sources read."
        : "Every sub-question researched found notes in the sources read.",
    );
  else lines.push(...open.map((q) => `- ${q.question.text.replace(/\s+/g, " ")}`));
  return `${lines.join("\n")}\n`;
}

/**
 * What the research did not get to, after the report: each question whose notes were never taken
 * (a step failed after its retries, or a stop or a spent budget came first). Empty when none.
 */
export function notResearchedSection(state: ResearchState): string {
  const missing = notResearched(state);
  if (missing.length === 0) return "";
  const failed = new Set((state.failedSteps ?? []).map((step) => step.question));
  const lines = missing.map(
    (q) =>
      `- ${q.text.replace(/\s+/g, " ")}${failed.has(q.id) ? " (a step failed after its retries)" : ""}`,
  );
  return `\n\n## Not researched\n\n${lines.join("\n")}\n`;
}

/** The report's prompt: the research question and its notes, as data. */
export function reportPrompt(state: ResearchState): string {
  return `Research question: ${state.question}\n\n${notesAsData(state)}`;
}

/** The saved report's parts: its text and its citations part. */
export function reportParts(markdown: string, data: ResearchCitationsPart) {
  return messageToStoredParts({
    parts: [
      { type: "text", text: markdown },
      { type: RESEARCH_CITATIONS_PART, data },
    ],
  });
}
