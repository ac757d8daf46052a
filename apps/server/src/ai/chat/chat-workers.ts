import { Worker } from "node:worker_threads";
import type { Logger } from "../../lib/logger.ts";
import type { ChatWorkerStats, Metrics } from "../../lib/metrics.ts";
import type { ChatWorkerSetup, FromWorker, ToWorker } from "./chat.worker-protocol.ts";
import type { ChatJob, ChatRunner } from "./runners.ts";
import { sseErrorEnd } from "./ui-message-sse.ts";

/**
 * Chat workers (worker threads running chat.worker.ts): the main thread accepts requests, signs
 * callers in and charges their quota, then hands each chat job (an answer, an agent's reply…:
 * chat-kinds.ts) to the least busy worker and relays its bytes. Under load the chats' CPU work (AI
 * SDK streams, tools, the offline engine, page reading) no longer delays the next request's first
 * byte. A worker that dies ends its chats
 * with an error part after each charge is settled as lost (onLost), and a new worker takes its
 * place.
 */

interface Pending {
  job: ChatJob;
  controller: ReadableStreamDefaultController<Uint8Array>;
  open: boolean;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  ready: Promise<void>;
  alive: boolean;
}

export interface ChatWorkers {
  run: ChatRunner;
  /** Resolves when every current worker has started (rejects when one cannot). */
  ready: () => Promise<void>;
  /** The live workers (tests end one to show a chat survives a lost worker). */
  threads: () => Worker[];
  /** Live workers and the chats running in them (the metrics' pool use). */
  stats: () => ChatWorkerStats;
  close: () => Promise<void>;
}

/** How long a worker that dies while starting waits to be replaced (a crash loop stays slow). */
const RESPAWN_DELAY_MS = 1_000;
const encoder = new TextEncoder();
const CLOSE_TIMEOUT_MS = 5_000;

export function startChatWorkers(options: {
  count: number;
  /** chat.worker-source.mjs from source, the bundle's chat-worker.js when built. */
  url: URL;
  setup: ChatWorkerSetup;
  logger: Logger;
  /** Settles the charge of a job its worker could not finish (its kind's ChargePolicy, lost). */
  onLost: (job: ChatJob) => Promise<void>;
  /** The error text of a chat its worker could not finish (its kind's: chat-kinds.ts). */
  failedText: (job: ChatJob) => string;
  /** Where the workers' metric events are recorded (the main thread's registry). */
  metrics?: Metrics;
}): ChatWorkers {
  const { logger } = options;
  const slots: Slot[] = [];
  let nextId = 1;
  let closing = false;

  const spawn = (index: number): Slot => {
    const worker = new Worker(options.url, { workerData: options.setup });
    const pending = new Map<number, Pending>();
    let started = false;
    let resolveReady: () => void = () => undefined;
    let rejectReady: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, pending, ready, alive: true };
    worker.on("message", (message: FromWorker) => {
      if (message.type === "ready") {
        started = true;
        return resolveReady();
      }
      for (const event of message.events ?? []) options.metrics?.record(event);
      for (const output of message.outputs) {
        const entry = pending.get(output.id);
        if (!entry) continue;
        if (output.text && entry.open) entry.controller.enqueue(encoder.encode(output.text));
        if (!output.end) continue;
        pending.delete(output.id);
        if (entry.open) {
          entry.open = false;
          entry.controller.close();
        }
      }
    });
    worker.on("error", (error) => logger.error({ err: error }, "chat worker failed"));
    worker.on("exit", (code) => {
      slot.alive = false;
      rejectReady(new Error(`a chat worker exited (code ${code}) while starting`));
      for (const entry of pending.values()) {
        // The turn never settled its charge: settled as lost first, so a person who has read
        // the whole reply (its error end) sees what it cost.
        void options
          .onLost(entry.job)
          .catch((err: unknown) => logger.error({ err }, "settling a lost chat failed"))
          .finally(() => {
            if (!entry.open) return;
            entry.open = false;
            entry.controller.enqueue(sseErrorEnd(options.failedText(entry.job)));
            entry.controller.close();
          });
      }
      pending.clear();
      if (closing) return;
      logger.error({ code }, "a chat worker stopped: starting another");
      const replace = () => {
        if (!closing) slots[index] = spawn(index);
      };
      if (started) replace();
      else setTimeout(replace, RESPAWN_DELAY_MS).unref();
    });
    return slot;
  };

  for (let i = 0; i < Math.max(1, options.count); i++) slots.push(spawn(i));

  const post = (slot: Slot, message: ToWorker) => slot.worker.postMessage(message);

  const run: ChatRunner = (job, signal) => {
    // The least busy live worker (the first on a tie).
    const live = slots.filter((s) => s.alive);
    const slot = live.reduce<Slot | undefined>(
      (best, s) => (best && best.pending.size <= s.pending.size ? best : s),
      undefined,
    );
    if (!slot) {
      // Every worker is being replaced (each died while starting): the chat fails, uncharged.
      const lost = options
        .onLost(job)
        .catch((err: unknown) => logger.error({ err }, "settling a lost chat failed"));
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          await lost;
          controller.enqueue(sseErrorEnd(options.failedText(job)));
          controller.close();
        },
      });
    }
    const id = nextId++;
    const abort = () => {
      if (slot.pending.has(id)) post(slot, { type: "abort", id });
    };
    return new ReadableStream<Uint8Array>({
      start(controller) {
        slot.pending.set(id, { job, controller, open: true });
        post(slot, { type: "start", id, job });
        if (signal.aborted) abort();
        else signal.addEventListener("abort", abort, { once: true });
      },
      cancel() {
        const entry = slot.pending.get(id);
        if (entry) entry.open = false;
        abort();
      },
    });
  };

  const close = async () => {
    closing = true;
    await Promise.all(
      slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (!slot.alive) return resolve(); // died while starting, not yet replaced
            const timer = setTimeout(() => {
              void slot.worker.terminate().finally(resolve);
            }, CLOSE_TIMEOUT_MS);
            slot.worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            post(slot, { type: "close" });
          }),
      ),
    );
  };

  return {
    run,
    ready: () => Promise.all(slots.map((s) => s.ready)).then(() => undefined),
    threads: () => slots.map((s) => s.worker),
    stats: () => {
      const live = slots.filter((s) => s.alive);
      return {
        workers: live.length,
        inFlight: live.reduce((sum, s) => sum + s.pending.size, 0),
      };
    },
    close,
  };
}
