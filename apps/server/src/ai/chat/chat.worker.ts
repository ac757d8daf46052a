import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createDatabase } from "@nexus/db";
import { loadEnv } from "../../env.ts";
import { warmPageText } from "../../integrations/page-text/page-text-pool.ts";
import { createLogger, type Logger } from "../../lib/logger.ts";
import { forwardingMetrics, type MetricEvent } from "../../lib/metrics.ts";
import { guardProcess } from "../../lib/process-guards.ts";
import { createWorkerDeps } from "../../runtime-deps.ts";
import {
  type ChatOutput,
  type ChatWorkerSetup,
  type FromWorker,
  type ToWorker,
  WORKER_NICE_STEPS,
} from "./chat.worker-protocol.ts";
import { failedTextOf } from "./chat-kinds.ts";
import { type ChatJob, runChatJobText } from "./runners.ts";
import { sseErrorEndText } from "./ui-message-sse.ts";

/**
 * A chat worker: runs chat jobs (answers, agents' replies: search, page reading, tools, the model
 * or the offline engine, saving) off the main thread, so the thread that accepts requests stays
 * free. Started by chat-workers.ts with its own database pool; streams each reply's bytes back as
 * they come.
 */

/**
 * Under a saturated CPU the OS runs the thread that accepts requests (and PostgreSQL) before the
 * answers' bulk work: this thread's nice value goes up (Linux gives every thread its own; raising
 * it needs no privilege). Elsewhere, or where the kernel refuses, it stays as it is.
 */
function lowerThreadPriority(log: Logger): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid)) return;
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + WORKER_NICE_STEPS));
  } catch (error) {
    log.debug({ err: error }, "chat worker: thread priority unchanged");
  }
}

const port = parentPort;
if (!port) throw new Error("chat.worker.ts runs as a worker thread");
const setup = workerData as ChatWorkerSetup;
// The setup's values are read on top of the process's environment, never written into it.
const env = loadEnv(setup.env);
const logger = createLogger({ level: env.LOG_LEVEL });
// A stray rejection in a chat is logged (redacted), not the end of every chat on this thread.
guardProcess(logger, "chat-worker");
const database = createDatabase({ url: setup.databaseUrl, max: setup.poolMax });
const post = (message: FromWorker) => port.postMessage(message);
/**
 * What the chats produced during this turn of the event loop, by chat, sent as one message when
 * the turn ends (setImmediate): chats whose deltas were flushed on the same tick (model-chunks.ts)
 * cross to the main thread together, each chat's server-sent events joined into one string (a
 * string is cloned across threads for far less than a byte array).
 */
const outbox = new Map<number, ChatOutput>();
let sendScheduled = false;

function sendOutbox(): void {
  sendScheduled = false;
  const outputs = [...outbox.values()];
  outbox.clear();
  if (events.length === 0) post({ type: "batch", outputs });
  else post({ type: "batch", outputs, events: events.splice(0) });
}

function scheduleSend(): void {
  if (sendScheduled) return;
  sendScheduled = true;
  setImmediate(sendOutbox);
}

// Metrics are kept by the main thread (one /metrics for the process): each event goes there with
// the turn's batch (sendOutbox), not as a message of its own.
const events: MetricEvent[] = [];
const metrics = forwardingMetrics((event) => {
  events.push(event);
  scheduleSend();
});
const deps = await createWorkerDeps({ env, logger, db: database.db, metrics });
lowerThreadPriority(logger);
// Answers and tools read pages on this thread's page-text workers: the first one starts now.
void warmPageText();
const running = new Map<number, AbortController>();

function output(id: number, text: string | null, end = false): void {
  let entry = outbox.get(id);
  if (!entry) {
    entry = { id };
    outbox.set(id, entry);
  }
  if (text) entry.text = (entry.text ?? "") + text;
  if (end) entry.end = true;
  scheduleSend();
}

async function run(id: number, job: ChatJob): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const reader = runChatJobText(deps, job, controller.signal).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      output(id, value);
    }
  } catch (error) {
    // A chat reports its failures in its stream: this is a bug. The person sees it failed.
    logger.error({ err: error, entryId: job.entryId }, "chat worker: stream failed");
    output(id, sseErrorEndText(failedTextOf(deps.chatKinds, job.kind)));
  } finally {
    running.delete(id);
    output(id, null, true);
  }
}

port.on("message", (message: ToWorker) => {
  if (message.type === "start") void run(message.id, message.job);
  else if (message.type === "abort") running.get(message.id)?.abort(new Error("aborted"));
  else if (message.type === "close") {
    for (const controller of running.values()) controller.abort(new Error("shutting down"));
    void database.close().finally(() => port.close());
  }
});
post({ type: "ready" });
