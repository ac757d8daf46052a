import {
  type AnswerAttachment,
  type AnswerMetadata,
  type AnswerResults,
  type FocusMode,
  messageToStoredParts,
  type ThreadEntryVersion,
  type UnreadUrl,
} from "@nexus/contracts";
import type { ModelMessage, UIMessageChunk } from "ai";
import type { ChatJob, TurnContext, TurnPlan, TurnRecord } from "../../ai/chat/chat-kinds.ts";
import type { ChatModel } from "../../ai/models.ts";
import type { Deps, TurnVersion } from "../../deps.ts";
import { readPages } from "../../integrations/page-reader.ts";
import type { SearchResponse } from "../../integrations/search/types.ts";
import * as history from "../history/history.service.ts";
import { signFaviconOf, signReceivedImages, signReceivedVideos } from "../images/images.service.ts";
import { presentVersions } from "../threads/threads.service.ts";
import { systemPrompt } from "./answer.focus.ts";
import {
  MAX_SOURCES,
  presentMedia,
  presentSource,
  relatedFor,
  relatedFromCited,
  searchFor,
  standaloneQuery,
  type Turn,
} from "./answer.steps.ts";
import {
  NOTHING_FOUND,
  notAmong,
  questionForPages,
  readPastedUrls,
  splitQuestion,
  UnreadUrlsError,
} from "./answer.urls.ts";

/** Earlier turns a follow-up is rewritten with (the latest ones). */
export const EARLIER_TURNS = 6;

/**
 * One charged answer to run: plain data (it crosses to a chat worker as a structured clone).
 * Validation and the quota charge happened before (answer.chat.ts's accept). A kind that runs an
 * answer turn (document chat) extends it with its own `kind` and fields.
 */
export interface AnswerJob extends ChatJob {
  question: string;
  focusMode: FocusMode;
  /** The caller's files attached to the question (checked): the only ones searched, if any. */
  fileIds: string[];
  /** The same files with their names: kept with the saved turn, so its chips come back. */
  attachments: AnswerAttachment[];
  /** The thread the request continues (absent for a new thread). */
  continues: string | undefined;
  /** Earlier turns the client sent (used when the server keeps none: anonymous visitors). */
  clientTurns: Turn[];
}

/** What one answer gathers on its way, for its data parts, its save and its finish part. */
export interface AnswerState {
  started: number;
  /** The query searched (the standalone rewrite of a follow-up). */
  query: string;
  searchMs: number | null;
  unread: UnreadUrl[];
  media: Pick<AnswerResults, "sources" | "images" | "videos">;
  related: string[];
  /** The answer's earlier versions once saved (a regenerate or an edited question). */
  versions: ThreadEntryVersion[];
}

export type AnswerContext = TurnContext<AnswerJob, AnswerState>;

export function answerState(job: AnswerJob): AnswerState {
  return {
    started: performance.now(),
    query: job.question,
    searchMs: null,
    unread: [],
    media: { sources: [], images: [], videos: [] },
    related: [],
    versions: [],
  };
}

/** The message metadata of an answer's `start` part (its `finish` part adds query and timings). */
export function answerMetadata(job: AnswerJob, model: ChatModel): AnswerMetadata {
  return {
    entryId: job.entryId,
    threadId: job.threadId,
    model: model.id,
    offline: model.offline,
    focusMode: job.focusMode,
  };
}

export function answerFinish(ctx: AnswerContext): AnswerMetadata {
  const { state } = ctx;
  return {
    ...answerMetadata(ctx.job, ctx.model),
    query: state.query,
    timings: {
      searchMs: state.searchMs ?? 0,
      firstTokenMs: ctx.turn.firstTokenMs,
      totalMs: performance.now() - state.started,
    },
    ...(state.versions.length > 0 ? { versions: state.versions } : {}),
  };
}

async function savedTurns(deps: Deps, job: AnswerJob): Promise<Turn[]> {
  const { user } = job.caller;
  if (!user || !job.continues) return [];
  const rows = await history.threadTurns(deps, {
    userId: user.id,
    threadId: job.continues,
    limit: EARLIER_TURNS + 1,
  });
  return rows
    .filter((r) => r.id !== job.replaces)
    .slice(-EARLIER_TURNS)
    .map(
      (r): Turn => ({
        query: r.query,
        answer: typeof r.results.markdown === "string" ? r.results.markdown : "",
      }),
    );
}

function conversation(earlier: readonly Turn[], question: string): ModelMessage[] {
  return [
    ...earlier.flatMap((t): ModelMessage[] => [
      { role: "user", content: t.query },
      { role: "assistant", content: t.answer },
    ]),
    { role: "user", content: question },
  ];
}

/** How a kind that runs an answer turn (document chat's summaries) changes it. */
export interface AnswerPlanOptions {
  /** Finds the sources instead of the focus's search (given the standalone query). */
  search?: (query: string) => Promise<SearchResponse>;
  /** At most this many sources (default MAX_SOURCES). */
  maxSources?: number;
  /** What the model is asked, instead of the question (the offline engine reads it). */
  ask?: string;
}

/**
 * Everything before the answer's model call: earlier turns, pasted addresses read beside the
 * search of the words around them (their pages are the first sources; a question of addresses
 * alone is not searched), the numbered sources and media sent at once, related questions started
 * beside page reading (awaited only after the answer's text), the pages read.
 */
export async function prepareAnswer(
  ctx: AnswerContext,
  options: AnswerPlanOptions = {},
): Promise<TurnPlan> {
  const { deps, job, model, signal, state } = ctx;
  const saved = await savedTurns(deps, job);
  const earlier = (saved.length > 0 ? saved : job.clientTurns).slice(-EARLIER_TURNS);
  const { urls, rest } = splitQuestion(job.question);
  const searching = (async () => {
    if (rest === "") return NOTHING_FOUND;
    state.query = await standaloneQuery({ model, question: rest, earlier, signal });
    if (options.search) return options.search(state.query);
    return searchFor({
      deps,
      focusMode: job.focusMode,
      query: state.query,
      userId: job.caller.user?.id,
      fileIds: job.fileIds,
      signal,
    });
  })();
  // Awaited below; marked handled now in case the pages' read ends the answer first.
  searching.catch(() => undefined);
  const pasted = await readPastedUrls({ deps, caller: job.caller, urls, signal });
  state.unread = pasted.unread;
  for (const u of pasted.unread)
    ctx.write({ type: "data-status", data: { state: "unread", ...u } } as UIMessageChunk);
  if (rest === "" && pasted.pages.length === 0) throw new UnreadUrlsError(pasted.unread);
  const found = await searching;
  if (rest === "") state.query = questionForPages(job.question, rest, pasted.pages);
  state.searchMs = performance.now() - state.started;
  const results = [...pasted.pages, ...notAmong(found.results, pasted.pages)].slice(
    0,
    options.maxSources ?? MAX_SOURCES,
  );
  // Image addresses the search provider gave are minted as proxy URLs here, at receipt: the
  // stream and the saved turn carry the same signed URLs (images.service.ts, G14).
  const sources = results.map((r) => {
    const source = presentSource(r, deps.env.APP_URL);
    return { ...source, favicon: source.favicon ? signFaviconOf(deps, source.url) : null };
  });
  const received = presentMedia(found);
  const images = signReceivedImages(deps, received.images);
  const videos = signReceivedVideos(deps, received.videos);
  state.media = { sources, images, videos };
  for (const [i, s] of sources.entries())
    ctx.write({ type: "source-url", sourceId: String(i + 1), url: s.url, title: s.title });
  ctx.write({ type: "data-sources", data: sources });
  ctx.write({ type: "data-images", data: images });
  ctx.write({ type: "data-videos", data: videos });

  // Related questions: one short call started now, beside page reading and the answer; the
  // answer never waits for it (it is awaited only once the answer's text has ended).
  // Offline, they come from the sources the answer cites, once it is written (after, below).
  const related = model.offline
    ? null
    : relatedFor({ model, question: state.query, results, signal });
  related?.catch(() => undefined);
  const read = await readPages({ fetchPage: deps.webFetch.fetchPage, results, signal });
  // What each source stood for in the prompt: the reply's citations are checked against it.
  for (const [i, r] of read.entries()) ctx.turn.sourceText(i + 1, r.content ?? r.snippet);
  return {
    call: {
      system: systemPrompt({
        focusMode: job.focusMode,
        attached: job.fileIds.length > 0,
        now: deps.clock.now(),
        sources: read.map((r) => ({ title: r.title, url: r.url, content: r.content ?? r.snippet })),
      }),
      messages: conversation(
        earlier,
        options.ask ?? questionForPages(job.question, rest, pasted.pages),
      ),
    },
    after: async () => {
      state.related = related
        ? await related
        : relatedFromCited({ question: state.query, results, text: ctx.turn.text });
      ctx.write({ type: "data-related", data: state.related });
    },
  };
}

/**
 * What an answer keeps (the runtime saves a signed-in person's only: anonymous visitors keep
 * nothing on the server); a stopped one as far as it got — the question, the sources and the
 * partial text.
 */
export function recordAnswer(ctx: AnswerContext, { stopped }: { stopped: boolean }): TurnRecord {
  const { job, model, state, turn } = ctx;
  const results: AnswerResults = {
    markdown: turn.text,
    ...state.media,
    thinking: turn.reasoning,
    ...(stopped ? { stopped: true } : { related: state.related }),
    model: model.id,
    offline: model.offline,
    ...(state.unread.length > 0 ? { unread: state.unread } : {}),
  };
  // The reply's parts in the order the stream sent them (the transient retry status left out).
  const parts = messageToStoredParts({
    parts: [
      ...state.unread.map((u) => ({ type: "data-status", data: { state: "unread", ...u } })),
      ...state.media.sources.map((s, i) => ({
        type: "source-url",
        sourceId: String(i + 1),
        url: s.url,
        title: s.title,
      })),
      { type: "data-sources", data: state.media.sources },
      { type: "data-images", data: state.media.images },
      { type: "data-videos", data: state.media.videos },
      ...turn.parts,
      // A stopped answer keeps its (maybe empty) text, as its results do.
      ...(turn.parts.some((p) => p.type === "text") ? [] : [{ type: "text", text: turn.text }]),
      ...(!stopped && state.related.length > 0
        ? [{ type: "data-related", data: state.related }]
        : []),
    ],
  });
  return {
    query: job.question,
    focusMode: job.focusMode,
    results: job.attachments.length > 0 ? { ...results, attachments: job.attachments } : results,
    parts,
  };
}

/** The saved answer's earlier versions, for its `finish` part (a regenerate or an edited question). */
export function answerSaved(ctx: AnswerContext, versions: readonly TurnVersion[]): void {
  ctx.state.versions = presentVersions(ctx.deps, versions);
}
