import { Worker } from "node:worker_threads";
import type { FromParseWorker, ParseWorkerInput, ToParseWorker } from "./parse.worker.ts";
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";

/**
 * Runs parseDocument in a worker thread, so a hostile or huge document cannot block or take down
 * the server: V8 heap limits (`resourceLimits`) end it as "too_large", a wall-clock limit
 * `terminate()`s it as "timeout", a crash is "damaged". Progress messages reach `onProgress`.
 * A worker that ended its parse normally is kept (unref'd, at most MAX_IDLE) for the next one:
 * starting a thread and loading pdf.js costs more than most parses. One that timed out, ran out
 * of memory or crashed is gone. A worker that cannot even start rejects with a plain Error (our
 * fault, not the file's: the caller should not blame the person's file).
 * From source the worker loads through tsx (parse.worker-source.mjs); in the built server it is
 * the bundle's parse-worker.js beside main.js (scripts/build-server.mjs).
 */

export interface WorkerLimits {
  /** Wall-clock limit in ms (default 120 s), from the moment the parse is handed over. */
  timeoutMs?: number;
  /** The worker's old-generation heap in MB (default 512). */
  maxHeapMb?: number;
  /** The worker file; defaults to the one beside this module (source) or main.js (bundle). */
  workerUrl?: URL;
}

export const PARSE_TIMEOUT_MS = 120_000;
export const PARSE_HEAP_MB = 512;
const MAX_IDLE = 2;

export const TIMEOUT_MESSAGE = "Reading this file took too long";
export const MEMORY_MESSAGE = "This file needs more memory to read than allowed";
const DAMAGED = "This file is damaged";

export function defaultParseWorkerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./parse.worker-source.mjs", import.meta.url)
    : new URL("./parse-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

interface Job {
  id: number;
  onMessage: (message: FromParseWorker) => void;
  onError: (error: Error & { code?: string }) => void;
  onExit: (code: number) => void;
}

interface Slot {
  worker: Worker;
  key: string;
  started: boolean;
  job: Job | null;
}

const idle: Slot[] = [];
let nextId = 1;

function spawn(url: URL, heap: number, key: string): Slot {
  const worker = new Worker(url, {
    resourceLimits: {
      maxOldGenerationSizeMb: heap,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(heap / 8))),
      stackSizeMb: 8,
    },
  });
  const slot: Slot = { worker, key, started: false, job: null };
  worker.on("message", (message: FromParseWorker) => {
    if (message.type === "started") slot.started = true;
    else slot.job?.onMessage(message);
  });
  worker.on("error", (error) => slot.job?.onError(error));
  worker.on("exit", (code) => {
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    slot.job?.onExit(code);
  });
  return slot;
}

/** Ends the idle workers (tests and shutdown; they are unref'd and never hold the process). */
export async function closeIdleParseWorkers(): Promise<void> {
  const slots = idle.splice(0);
  await Promise.all(slots.map((s) => s.worker.terminate()));
}

export function parseInWorker(options: ParseOptions & WorkerLimits): Promise<ParsedDocument> {
  const { onProgress, timeoutMs, maxHeapMb, workerUrl, ...rest } = options;
  const input: ParseWorkerInput = rest;
  const url = workerUrl ?? defaultParseWorkerUrl();
  const heap = maxHeapMb ?? PARSE_HEAP_MB;
  const key = `${url.href} ${heap}`;
  const reused = idle.findIndex((s) => s.key === key);
  const slot = reused >= 0 ? (idle.splice(reused, 1)[0] as Slot) : spawn(url, heap, key);
  slot.worker.ref();
  const id = nextId++;

  return new Promise<ParsedDocument>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      slot.job = null;
      if (keep && idle.length < MAX_IDLE) {
        slot.worker.unref();
        idle.push(slot);
      } else void slot.worker.terminate();
      outcome();
    };
    // Before the worker has loaded, a failure is ours (a missing bundle file), not the file's.
    const lost = (what: string) =>
      slot.started
        ? new ParseFailure("damaged", DAMAGED)
        : new Error(`the parse worker could not start: ${what}`);
    const timer = setTimeout(
      () => finish(() => reject(new ParseFailure("timeout", TIMEOUT_MESSAGE)), false),
      timeoutMs ?? PARSE_TIMEOUT_MS,
    );
    slot.job = {
      id,
      onMessage: (message) => {
        if (message.type === "started" || message.id !== id) return;
        if (message.type === "progress") {
          if (!settled) onProgress?.(message.progress);
        } else if (message.type === "done") finish(() => resolve(message.document), true);
        else finish(() => reject(new ParseFailure(message.code, message.message)), true);
      },
      onError: (error) => {
        const failure =
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new ParseFailure("too_large", MEMORY_MESSAGE)
            : lost(error.message);
        finish(() => reject(failure), false);
      },
      onExit: (code) => finish(() => reject(lost(`exit code ${code}`)), false),
    };
    const message: ToParseWorker = { type: "parse", id, input };
    slot.worker.postMessage(message);
  });
}
