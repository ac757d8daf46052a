import type { Deps } from "../../deps.ts";
import { AGENT_FAILED, type AgentJob, runAgent } from "../../modules/agents/agents.run.ts";
import type { AnswerJob } from "../../modules/answer/answer.run.ts";
import { runAnswer } from "../../modules/answer/answer.run.ts";
import * as usage from "../../modules/usage/usage.service.ts";
import { measureChat } from "./chat-metrics.ts";
import { uiMessageSseStream, uiMessageSseText } from "./ui-message-sse.ts";

/**
 * Every kind of chat the server streams (ARCHITECTURE.md §3.1): plain data, so a job crosses to a
 * chat worker as a structured clone; `kind` picks the function that runs it, in this thread or in
 * a worker (chat-workers.ts) alike.
 */
export type ChatJob = AnswerJob | AgentJob;
export type ChatKind = ChatJob["kind"];

/** Runs a chat job: its UI-message stream as server-sent-event bytes. */
export type ChatRunner = (job: ChatJob, signal: AbortSignal) => ReadableStream<Uint8Array>;

/** What the person reads when a chat fails for a reason of ours (not the model's or search's). */
export const CHAT_FAILED: Record<ChatKind, string> = {
  answer: "The answer failed. Try again in a moment.",
  agent: AGENT_FAILED,
};

/** A chat job's UI-message chunks. */
function chunksOf(deps: Deps, job: ChatJob, signal: AbortSignal): ReadableStream {
  return measureChat(deps.metrics, job.kind, chunksOfKind(deps, job, signal), signal);
}

function chunksOfKind(deps: Deps, job: ChatJob, signal: AbortSignal): ReadableStream {
  switch (job.kind) {
    case "answer":
      return runAnswer(deps, job, signal);
    case "agent":
      return runAgent(deps, job, signal);
  }
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
 * A job its worker could not finish (the worker died): what was charged up front is given back.
 * An answer's unit is given back here. An agent reply's reserved unit is not: the thread that
 * accepted it settles it once the reply's stream has ended (the worker's death ends it), from
 * whether the reply was saved completed (modules/agents/agents.reserve.ts), so it is never given
 * back twice.
 */
export async function chatJobLost(deps: Deps, job: ChatJob): Promise<void> {
  if (job.kind === "answer") await usage.refund({ deps, caller: job.caller, counter: "search" });
}
