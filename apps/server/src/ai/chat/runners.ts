import type { Deps } from "../../deps.ts";
import { type ChatJob, chatKindOf, runsTurns } from "./chat-kinds.ts";
import { measureChat } from "./chat-metrics.ts";
import { runChatTurn } from "./run-turn.ts";
import { uiMessageSseStream, uiMessageSseText } from "./ui-message-sse.ts";

/**
 * Runs chat jobs of every kind (ARCHITECTURE.md §3.1) by the kind each names, from the registry
 * the server was built with (deps.chatKinds): in this thread, or in a chat worker
 * (chat-workers.ts) alike. No kind is known here.
 */
export type { ChatJob };

/** Runs a chat job: its UI-message stream as server-sent-event bytes. */
export type ChatRunner = (job: ChatJob, signal: AbortSignal) => ReadableStream<Uint8Array>;

/** A chat job's UI-message chunks. */
function chunksOf(deps: Deps, job: ChatJob, signal: AbortSignal): ReadableStream {
  const kind = chatKindOf(deps.chatKinds, job.kind);
  return measureChat(deps.metrics, job.kind, runChatTurn(deps, kind, job, signal), signal);
}

/** Runs a chat job in this thread: its server-sent-event bytes. */
export function runChatJob(
  deps: Deps,
  job: ChatJob,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  return uiMessageSseStream(chunksOf(deps, job, signal));
}

/** Runs a chat job in a chat worker: its server-sent events as text, for the main thread. */
export function runChatJobText(
  deps: Deps,
  job: ChatJob,
  signal: AbortSignal,
): ReadableStream<string> {
  return uiMessageSseText(chunksOf(deps, job, signal));
}

/**
 * A job its worker could not finish (the worker died, so its turn never settled): its kind's
 * charge is settled here as lost (ChargePolicy: the other place a turn's charge is settled).
 */
export async function chatJobLost(deps: Deps, job: ChatJob): Promise<void> {
  const kind = deps.chatKinds.get(job.kind);
  if (kind && runsTurns(kind)) await kind.charge?.settle(deps, job, "lost");
}
