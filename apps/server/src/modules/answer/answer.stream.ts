import type {
  AnswerDataParts,
  AnswerMetadata,
  AnswerResults,
  FocusMode,
  UnreadUrl,
} from "@nexus/contracts";
import {
  createUIMessageStream,
  type ModelMessage,
  type UIMessage,
  type UIMessageStreamWriter,
} from "ai";
import { ChatTurn, runChat } from "../../ai/chat/run-chat.ts";
import { CHAT_FAILED } from "../../ai/chat/runners.ts";
import { modelRetries } from "../../ai/model-fetch.ts";
import type { AnswerModel } from "../../ai/models.ts";
import type { Caller, Deps } from "../../deps.ts";
import { readPages } from "../../integrations/page-reader.ts";
import { signFaviconOf, signReceivedImages, signReceivedVideos } from "../images/images.service.ts";
import { systemPrompt } from "./answer.focus.ts";
import {
  failureMessage,
  MAX_SOURCES,
  presentMedia,
  presentSource,
  relatedFor,
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

export type AnswerUIMessage = UIMessage<AnswerMetadata, AnswerDataParts>;
type Writer = UIMessageStreamWriter<AnswerUIMessage>;
type AnswerChunk = Parameters<Writer["write"]>[0];

export interface AnswerRun {
  deps: Deps;
  caller: Caller;
  model: AnswerModel;
  question: string;
  focusMode: FocusMode;
  /** Files attached to the question: the only ones searched (none: as the focus mode says). */
  fileIds: readonly string[];
  entryId: string;
  threadId: string;
  /** Earlier turns of the thread, oldest first. */
  loadEarlier: () => Promise<Turn[]>;
  /** Saves the finished turn (awaited before the stream ends). */
  save: (options: { query: string; results: AnswerResults }) => Promise<void>;
  /** Gives the charged unit back (failed or aborted answer). */
  refund: () => Promise<void>;
  signal: AbortSignal;
}

/** The message metadata of an answer's `start` part (its `finish` part adds query and timings). */
export function answerMetadata(
  run: Pick<AnswerRun, "entryId" | "threadId" | "model" | "focusMode">,
) {
  const metadata: AnswerMetadata = {
    entryId: run.entryId,
    threadId: run.threadId,
    model: run.model.id,
    offline: run.model.offline,
    focusMode: run.focusMode,
  };
  return metadata;
}

/** The `start` part of an answer: sent first, by the thread that accepted the request. */
export function answerStartPart(run: Parameters<typeof answerMetadata>[0]) {
  return { type: "start" as const, messageId: run.entryId, messageMetadata: answerMetadata(run) };
}

/**
 * Streams one answer as AI SDK UI-message parts (ARCHITECTURE.md §3), after its `start` part
 * (answerStartPart, which answer.service.ts sends at once, before any of this work).
 */
export function answerStream(run: AnswerRun): ReadableStream {
  return createUIMessageStream<AnswerUIMessage>({
    // While the model is retried, the person is told so (a transient part: shown, not stored).
    execute: ({ writer }) => {
      modelRetries.listen(run.signal, ({ attempt, maxAttempts, reason }) =>
        writer.write({
          type: "data-status",
          data: { state: "retrying", attempt, maxAttempts, reason },
          transient: true,
        }),
      );
      return execute(run, writer);
    },
    onError: () => CHAT_FAILED.answer,
  });
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

async function execute(run: AnswerRun, writer: Writer): Promise<void> {
  const { deps, model, signal } = run;
  const started = performance.now();
  const metadata = answerMetadata(run);
  const turn = new ChatTurn(started);
  let saved = false;
  let query = run.question;
  let unread: UnreadUrl[] = [];
  let media: Pick<AnswerResults, "sources" | "images" | "videos"> = {
    sources: [],
    images: [],
    videos: [],
  };
  try {
    const earlier = await run.loadEarlier();
    // Addresses in the question are read beside the search of the words around them; their
    // pages are the first sources. A question of addresses alone is not searched.
    const { urls, rest } = splitQuestion(run.question);
    const searching = (async () => {
      if (rest === "") return NOTHING_FOUND;
      query = await standaloneQuery({ model, question: rest, earlier, signal });
      return searchFor({
        deps,
        focusMode: run.focusMode,
        query,
        userId: run.caller.user?.id,
        fileIds: run.fileIds,
        signal,
      });
    })();
    // Awaited below; marked handled now in case the pages' read ends the answer first.
    searching.catch(() => undefined);
    const pasted = await readPastedUrls({ deps, caller: run.caller, urls, signal });
    unread = pasted.unread;
    for (const u of pasted.unread)
      writer.write({ type: "data-status", data: { state: "unread", ...u } });
    if (rest === "" && pasted.pages.length === 0) throw new UnreadUrlsError(pasted.unread);
    const found = await searching;
    if (rest === "") query = questionForPages(run.question, rest, pasted.pages);
    const searchMs = performance.now() - started;
    const results = [...pasted.pages, ...notAmong(found.results, pasted.pages)].slice(
      0,
      MAX_SOURCES,
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
    media = { sources, images, videos };
    for (const [i, s] of sources.entries())
      writer.write({ type: "source-url", sourceId: String(i + 1), url: s.url, title: s.title });
    writer.write({ type: "data-sources", data: sources });
    writer.write({ type: "data-images", data: images });
    writer.write({ type: "data-videos", data: videos });

    // Related questions: one short call started now, beside page reading and the answer; the
    // answer never waits for it (it is awaited only once the answer's text has ended).
    const related = relatedFor({ model, question: query, results, signal });
    const read = await readPages({ fetchPage: deps.webFetch.fetchPage, results, signal });
    // The model's parts as UI-message chunks, deltas merged (ai/chat/run-chat.ts).
    await runChat({
      model: model.model,
      system: systemPrompt({
        focusMode: run.focusMode,
        attached: run.fileIds.length > 0,
        now: deps.clock.now(),
        sources: read.map((r) => ({ title: r.title, url: r.url, content: r.content ?? r.snippet })),
      }),
      messages: conversation(earlier, questionForPages(run.question, rest, pasted.pages)),
      write: (chunk) => writer.write(chunk as AnswerChunk),
      turn,
      signal,
    });

    const questions = await related;
    writer.write({ type: "data-related", data: questions });
    const answerResults: AnswerResults = {
      markdown: turn.text,
      sources,
      images,
      videos,
      thinking: turn.reasoning,
      related: questions,
      model: model.id,
      offline: model.offline,
      ...(unread.length > 0 ? { unread } : {}),
    };
    await run.save({ query: run.question, results: answerResults });
    saved = true;
    const timings = {
      searchMs,
      firstTokenMs: turn.firstTokenMs,
      totalMs: performance.now() - started,
    };
    writer.write({ type: "finish", messageMetadata: { ...metadata, query, timings } });
  } catch (error) {
    await run.refund().catch((err: unknown) => deps.logger.error({ err }, "refund failed"));
    // A stopped answer is refunded (§3.2) and still kept, as far as it got: the question, the
    // sources and the partial text, marked stopped (a reload shows it, with Regenerate).
    if (signal.aborted && !saved)
      await run
        .save({
          query: run.question,
          results: {
            ...media,
            markdown: turn.text,
            thinking: turn.reasoning,
            model: model.id,
            offline: model.offline,
            stopped: true,
            ...(unread.length > 0 ? { unread } : {}),
          },
        })
        .catch((err: unknown) => deps.logger.error({ err }, "saving a stopped answer failed"));
    else if (!signal.aborted)
      deps.logger.warn({ err: error, entryId: run.entryId }, "answer failed");
    writer.write({
      type: "error",
      errorText: signal.aborted
        ? "The answer was stopped."
        : failureMessage({ error, streamed: turn.text !== "" }),
    });
  }
}
