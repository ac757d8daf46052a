import { Worker } from "node:worker_threads";
import type { PageText, PageTextInput } from "./page-text.ts";
import type { FromPageTextWorker, ToPageTextWorker } from "./page-text.worker.ts";

/**
 * Fetched HTML becomes text here, off the calling thread: a few worker threads per thread that
 * asks (the HTTP thread for research, each chat worker for answers, agents and their tools), each
 * page with a wall-clock limit from the moment its worker takes it (`perPageMs`). A page over it
 * gets its worker terminated (the only way to stop a synchronous parse) and a fresh one takes the
 * next page; its caller gets a PageTextError, as it does when the queue is full or the worker ran
 * out of its heap. So no page can hold the event loop that serves requests, and one page costs a
 * worker at most `perPageMs`. Inside, page-text.ts keeps Readability to pages of an ordinary shape.
 *
 * The workers are a cache of threads (unref'd while idle: they never hold the process open), the
 * same as parse-process.ts's idle children; closePageTextWorkers ends them.
 * From source the worker loads through tsx (page-text.worker-source.mjs); in the built server it is
 * the bundle's page-text-worker.js beside main.js and chat-worker.js (scripts/build-server.mjs).
 */

export interface PageTextLimits {
  /** Workers per thread that asks. */
  workers: number;
  /** Wall-clock limit per page, from the moment a worker takes it. */
  perPageMs: number;
  /** Pages waiting for a worker; more are refused at once. */
  queue: number;
  /** Each worker's V8 old-generation heap. */
  heapMb: number;
  /** A worker that has not started by then has failed (ours, not the page's). */
  startMs: number;
}

export const PAGE_TEXT_LIMITS: PageTextLimits = {
  workers: 2,
  perPageMs: 1_000,
  queue: 64,
  heapMb: 256,
  startMs: 30_000,
};

export type PageTextFailure = "timeout" | "busy" | "memory" | "failed" | "aborted";

const MESSAGES: Record<PageTextFailure, string> = {
  timeout: "The page took too long to read.",
  busy: "Too many pages are being read; this one was skipped.",
  memory: "The page needs more memory to read than allowed.",
  failed: "The page could not be read.",
  aborted: "Reading the page was stopped.",
};

export class PageTextError extends Error {
  constructor(readonly reason: PageTextFailure) {
    super(MESSAGES[reason]);
    this.name = "PageTextError";
  }
}

interface Task {
  id: number;
  input: PageTextInput;
  resolve: (text: PageText) => void;
  reject: (error: PageTextError) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export function defaultPageTextWorkerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./page-text.worker-source.mjs", import.meta.url)
    : new URL("./page-text-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

let limits: PageTextLimits = PAGE_TEXT_LIMITS;
const slots: Slot[] = [];
const queue: Task[] = [];
let nextId = 1;
let started = 0;
let readyWaiters: Array<() => void> = [];

function wakeReadyWaiters(): void {
  const waiting = readyWaiters;
  readyWaiters = [];
  for (const resolve of waiting) resolve();
}

/** Workers started so far in this thread (tests: a page over its limit costs its worker). */
export function pageTextWorkersStarted(): number {
  return started;
}

/** Tests: other limits for this thread's pool (the running workers keep theirs until replaced). */
export function setPageTextLimits(next: Partial<PageTextLimits>): void {
  limits = { ...PAGE_TEXT_LIMITS, ...next };
}

function settle(task: Task, outcome: { text: PageText } | { error: PageTextFailure }): void {
  task.signal?.removeEventListener("abort", task.onAbort);
  if ("text" in outcome) task.resolve(outcome.text);
  else task.reject(new PageTextError(outcome.error));
}

function remove(slot: Slot): void {
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
}

/** Ends a slot's worker; its page, if any, fails with `reason`. */
function end(slot: Slot, reason: PageTextFailure): void {
  remove(slot);
  if (slots.length === 0) wakeReadyWaiters(); // none left starting: warmPageText's callers go on
  const task = slot.task;
  slot.task = null;
  void slot.worker.terminate();
  if (task) settle(task, { error: reason });
  dispatch();
}

function spawn(): Slot {
  const worker = new Worker(defaultPageTextWorkerUrl(), {
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  });
  started++;
  const slot: Slot = { worker, ready: false, task: null, timer: null };
  slot.timer = setTimeout(() => end(slot, "failed"), limits.startMs);
  slot.timer.unref(); // a worker still starting does not hold the process open
  worker.on("message", (message: FromPageTextWorker) => {
    if (message.type === "ready") {
      slot.ready = true;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      worker.unref();
      wakeReadyWaiters();
      dispatch();
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    worker.unref();
    settle(task, message.type === "done" ? { text: message.result } : { error: "failed" });
    dispatch();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    end(slot, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "failed");
  });
  worker.on("exit", () => {
    if (slots.includes(slot)) end(slot, "failed");
  });
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length > 0) {
    const slot = slots.find((s) => s.ready && s.task === null);
    if (!slot) {
      if (slots.length < limits.workers) spawn();
      return;
    }
    const task = queue.shift() as Task;
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => end(slot, "timeout"), limits.perPageMs);
    slot.worker.postMessage({ id: task.id, input: task.input } satisfies ToPageTextWorker);
  }
}

/**
 * The readable text of a fetched page (HTML or plain text), read in a page-text worker. Rejects
 * with a PageTextError when the page took over `perPageMs`, its worker ran out of memory, the
 * queue was full or `signal` aborted first: the caller then keeps what it had (a snippet).
 */
export function readPageText(
  input: PageTextInput,
  options: { signal?: AbortSignal } = {},
): Promise<PageText> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(new PageTextError("aborted"));
  if (queue.length >= limits.queue) return Promise.reject(new PageTextError("busy"));
  return new Promise<PageText>((resolve, reject) => {
    const task: Task = {
      id: nextId++,
      input,
      resolve,
      reject,
      signal,
      onAbort: () => {
        const at = queue.indexOf(task);
        if (at >= 0) queue.splice(at, 1);
        // A page already in a worker finishes there (within perPageMs); its caller is free now.
        settle(task, { error: "aborted" });
      },
    };
    signal?.addEventListener("abort", task.onAbort, { once: true });
    queue.push(task);
    dispatch();
  });
}

/**
 * Starts this thread's first worker ahead of the first page (server start, a chat worker's);
 * resolves once a worker is ready (never rejects: a worker that fails to start is retried with
 * the next page).
 */
export function warmPageText(): Promise<void> {
  if (slots.some((s) => s.ready)) return Promise.resolve();
  if (slots.length === 0) spawn();
  return new Promise<void>((resolve) => {
    readyWaiters.push(resolve);
  });
}

/** Ends this thread's workers; pages in them or waiting fail as aborted (tests and shutdown). */
export async function closePageTextWorkers(): Promise<void> {
  for (const task of queue.splice(0)) settle(task, { error: "aborted" });
  wakeReadyWaiters();
  const ending = slots.splice(0);
  await Promise.all(
    ending.map((slot) => {
      if (slot.timer) clearTimeout(slot.timer);
      const task = slot.task;
      slot.task = null;
      if (task) settle(task, { error: "aborted" });
      return slot.worker.terminate();
    }),
  );
}
