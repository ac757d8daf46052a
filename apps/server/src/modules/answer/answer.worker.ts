import { parentPort, workerData } from "node:worker_threads";
import { createDatabase } from "@nexus/db";
import { loadEnv } from "../../env.ts";
import { createLogger } from "../../lib/logger.ts";
import { createRuntimeDeps } from "../../runtime-deps.ts";
import { ANSWER_FAILED, sseErrorEnd } from "./answer.parts.ts";
import { runAnswer } from "./answer.run.ts";
import type { AnswerWorkerSetup, FromWorker, ToWorker } from "./answer.worker-protocol.ts";

/**
 * An answer worker: runs charged answers (search, page reading, the model or the offline engine,
 * saving) off the main thread, so the thread that accepts requests stays free. Started by
 * answer.workers.ts with its own database pool; streams each answer's bytes back as they come.
 */
const port = parentPort;
if (!port) throw new Error("answer.worker.ts runs as a worker thread");
const setup = workerData as AnswerWorkerSetup;
for (const [key, value] of Object.entries(setup.env ?? {})) process.env[key] = value;
const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL });
const database = createDatabase({ url: setup.databaseUrl, max: setup.poolMax });
const deps = createRuntimeDeps({ env, logger, db: database.db });
const running = new Map<number, AbortController>();

const post = (message: FromWorker) => port.postMessage(message);

async function run(id: number, job: Parameters<typeof runAnswer>[1]): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const reader = runAnswer(deps, job, controller.signal).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      post({ type: "data", id, bytes: value });
    }
  } catch (error) {
    // runAnswer reports failures in its stream: this is a bug. The visitor sees the answer failed.
    logger.error({ err: error, entryId: job.entryId }, "answer worker: stream failed");
    post({ type: "data", id, bytes: sseErrorEnd(ANSWER_FAILED) });
  } finally {
    running.delete(id);
    post({ type: "end", id });
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
