import {
  type QuoteCheck,
  RESEARCH_EVENTS,
  type ResearchNote,
  type ResearchSource,
} from "@nexus/contracts";
import { z } from "zod";
import { bm25Scores } from "../../ai/offline/scoring.ts";
import { quotableSentences } from "../../ai/offline/sentences.ts";
import { matchQuote } from "../../lib/quote-match.ts";
import { terms } from "../../lib/text-tokens.ts";
import { asData, DATA_RULE, structured, withoutUrls } from "./research.llm.ts";
import { pageTexts } from "./research.repo.ts";
import { pageOf } from "./research.sources.ts";
import { budgetOf, type ResearchState, type StepContext } from "./research.state.ts";

/** Notes kept per source, and characters of a source's text a notes prompt holds. */
export const NOTES_PER_SOURCE = 4;
const PROMPT_CHARS_PER_SOURCE = 8_000;
const NOTE_CHARS = 600;
const QUOTE_CHARS = 600;
/** Extractive notes: the best sentences of each page. */
const OFFLINE_NOTES_PER_SOURCE = 2;

const notesSchema = z.object({
  notes: z.array(
    z.object({
      sourceId: z.coerce.number().int(),
      text: z.string(),
      quote: z.string(),
    }),
  ),
});
type DraftNote = z.infer<typeof notesSchema>["notes"][number];

/** Notes as plain lines: `[3] The finding. | "the words of the source"`. */
export function notesFromText(text: string): { notes: DraftNote[] } | null {
  const notes: DraftNote[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m =
      /^\s*(?:[-*•]|\d{1,2}[.)])?\s*\[(\d{1,4})\]\s*(.+?)\s*(?:\||[-—–:])\s*["“](.+?)["”]\s*$/.exec(
        line,
      );
    if (m?.[1] && m[2] && m[3]) notes.push({ sourceId: Number(m[1]), text: m[2], quote: m[3] });
  }
  return notes.length > 0 ? { notes } : null;
}

const quoteKey = (quote: string) => quote.toLowerCase().replace(/\s+/g, " ").trim();

/** How a quote was found in the page's text. */
export function checkQuote(quote: string, text: string): QuoteCheck {
  const { match } = matchQuote(quote, text);
  return match === "none" ? "unverified" : match;
}

/**
 * The read sources a question's notes come from: its own, then (up to the depth's pages per
 * question) the ones its search found again that an earlier question read, those no note came
 * from yet first.
 */
export function sourcesFor(state: ResearchState, questionId: number): ResearchSource[] {
  const own = state.found.filter((s) => s.question === questionId && s.status === "read");
  const byId = new Map(state.found.map((s) => [s.id, s]));
  const others = (state.related?.[String(questionId)] ?? []).flatMap((id) => {
    const source = byId.get(id);
    return source && source.question !== questionId && source.status === "read" ? [source] : [];
  });
  // Those no question took notes from yet first (in their search order).
  const noted = new Set(state.notes.map((n) => n.sourceId));
  others.sort((a, b) => Number(noted.has(a.id)) - Number(noted.has(b.id)));
  return [...own, ...others].slice(0, Math.max(own.length, budgetOf(state).pagesPerQuestion));
}

/**
 * The sentences of `text` that best answer `question` (BM25 over its sentences), in page order;
 * `skip`: sentences already noted.
 */
export function bestSentences(
  question: string,
  text: string,
  count: number,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const sentences = quotableSentences(text).filter((s) => !skip.has(s));
  const scores = bm25Scores({ query: terms(question), documents: sentences.map(terms) });
  return sentences
    .map((sentence, i) => ({ sentence, i, score: scores[i] ?? 0 }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((s) => s.sentence);
}

const TASK = [
  "You take research notes. From the sources given, write the findings that help answer the",
  "question: each note is one sentence of finding (`text`), the id of the source it comes from",
  "(`sourceId`), and `quote`: words copied exactly from that source that support it.",
  `At most ${NOTES_PER_SOURCE} notes per source; none for a source that says nothing relevant.`,
].join(" ");

const SYSTEM = [
  TASK,
  'Answer with JSON only: {"notes":[{"sourceId":1,"text":"…","quote":"…"}]}.',
  DATA_RULE,
].join(" ");

const TEXT_FORMAT =
  'Write one note per line as: [sourceId] the finding | "the exact words of the source". Nothing else.';

/** The plain-text fallback's instructions: the same task, answered in lines (notesFromText). */
const TEXT_SYSTEM = [TASK, TEXT_FORMAT, DATA_RULE].join(" ");

/**
 * The notes step's work: notes for the question from each of its read sources. With a model, one
 * structured call (repair, text fallback); a note naming a source not read for this question is
 * dropped, its quote checked against the page (exact, normalised, fuzzy, else "unverified"). Offline,
 * the best sentences of each page verbatim.
 */
export async function takeNotes(
  ctx: StepContext,
  state: ResearchState,
  questionId: number,
): Promise<{ state: ResearchState; detail: string; tokens: number }> {
  const question = state.questions.find((q) => q.id === questionId);
  if (!question) throw new Error(`no question ${questionId}`);
  const read = sourcesFor(state, questionId);
  const texts = await pageTexts(
    ctx.deps.db,
    ctx.runId,
    read.map((s) => s.id),
  );
  const drafts: DraftNote[] = [];
  let tokens = 0;
  if (read.length > 0 && state.offline) {
    for (const source of read)
      for (const sentence of bestSentences(
        `${question.text} ${state.question}`,
        texts.get(source.id) ?? "",
        OFFLINE_NOTES_PER_SOURCE,
        new Set(state.notes.filter((n) => n.sourceId === source.id).map((n) => n.quote)),
      ))
        drafts.push({ sourceId: source.id, text: sentence, quote: sentence });
  } else if (read.length > 0) {
    const data = read
      .map((s) => asData(s.id, s.title, (texts.get(s.id) ?? "").slice(0, PROMPT_CHARS_PER_SOURCE)))
      .join("\n\n");
    const ask = `Research question: ${state.question}\nSub-question: ${question.text}\n\nSources:\n${data}`;
    const result = await structured({
      deps: ctx.deps,
      schema: notesSchema,
      system: SYSTEM,
      textSystem: TEXT_SYSTEM,
      prompt: ask,
      textPrompt: `${ask}\n\n${TEXT_FORMAT}`,
      fromText: notesFromText,
      signal: ctx.signal,
    });
    tokens = result.tokens;
    drafts.push(...(result.value?.notes ?? []));
  }
  const readIds = new Set(read.map((s) => s.id));
  const perSource = new Map<number, number>();
  // A quote already noted (for another question, or twice in one answer) is not noted again.
  const taken = new Set(state.notes.map((n) => `${n.sourceId} ${quoteKey(n.quote)}`));
  const notes: ResearchNote[] = [];
  for (const draft of drafts) {
    const text = withoutUrls(draft.text).trim().slice(0, NOTE_CHARS);
    const quote = draft.quote.trim().slice(0, QUOTE_CHARS);
    const page = texts.get(draft.sourceId);
    if (!readIds.has(draft.sourceId) || page === undefined || !text || !quote) continue;
    const key = `${draft.sourceId} ${quoteKey(quote)}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const count = perSource.get(draft.sourceId) ?? 0;
    if (count >= NOTES_PER_SOURCE) continue;
    perSource.set(draft.sourceId, count + 1);
    const source = read.find((s) => s.id === draft.sourceId);
    notes.push({
      id: state.notes.length + notes.length + 1,
      sourceId: draft.sourceId,
      question: questionId,
      text,
      quote,
      check: checkQuote(quote, page),
      page: source && source.kind === "file" ? pageOf(source.url) : null,
    });
  }
  if (notes.length > 0) await ctx.emit(RESEARCH_EVENTS.notes, { notes });
  const next: ResearchState = {
    ...state,
    notes: [...state.notes, ...notes],
    stage: { ...state.stage, [String(questionId)]: "noted" },
  };
  return { state: next, detail: `${notes.length} note${notes.length === 1 ? "" : "s"}`, tokens };
}
