import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { RunCodeToolOutput } from "@nexus/contracts";
import type {
  FromRunPythonWorker,
  RunPythonOutcome,
  RunPythonRequest,
  RunPythonWorkerInit,
} from "./run-python.worker.ts";

/**
 * Python for the run-code tool: Pyodide in a worker thread of its own (run-python.worker.ts),
 * under the same limits as JavaScript (run-code.ts): the deadline (an interrupt, then the hard
 * limit's terminate()), memory above the interpreter's own, output and result sizes, no network
 * and no file system but an in-memory scratch folder.
 *
 * Starting Pyodide costs seconds, so an interpreter is kept warm after a run, for the same person
 * only (state is reset between runs, but a module the code changed stays changed, and that must
 * never reach someone else): at most WARM_MAX of them per thread, each ended after WARM_IDLE_MS
 * unused, after WARM_RUNS runs, or after a run that overran its memory or had to be terminated.
 */

export interface RunPythonLimits {
  deadlineMs: number;
  hardMs: number;
  startMs: number;
  memoryMb: number;
  heapMb: number;
  maxOutput: number;
  maxResult: number;
}

/** How a Python run ended (the parent words "time"/"memory" as run-code.ts does). */
export type RunPythonEnd =
  | { kind: "outcome"; outcome: RunPythonOutcome; cold: boolean }
  | { kind: "hard-stop"; durationMs: number }
  | { kind: "aborted"; durationMs: number }
  | { kind: "crashed"; durationMs: number; memory: boolean };

const WARM_MAX = 2;
const WARM_IDLE_MS = 120_000;
const WARM_RUNS = 50;

const nodeRequire = createRequire(import.meta.url);

/** Pyodide's folder: the server's own `pyodide` dependency (the web's scratchpad has the same). */
export function pyodideDir(): string {
  return `${path.dirname(nodeRequire.resolve("pyodide/package.json"))}${path.sep}`;
}

export function pyodideVersion(): string {
  return (nodeRequire("pyodide/package.json") as { version: string }).version;
}

export function defaultRunPythonWorkerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./run-python.worker-source.mjs", import.meta.url)
    : new URL("./run-python-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

interface Interpreter {
  worker: Worker;
  interrupt: Int32Array;
  ready: Promise<void>;
  runs: number;
  idle: NodeJS.Timeout | null;
  dead: boolean;
}

/** Warm interpreters by person (insertion order: the first is the least recently used). */
const warm = new Map<string, Interpreter>();

function end(interpreter: Interpreter): void {
  interpreter.dead = true;
  if (interpreter.idle) clearTimeout(interpreter.idle);
  void interpreter.worker.terminate();
}

function start(limits: RunPythonLimits, url: URL): Interpreter {
  const buffer = new SharedArrayBuffer(4);
  const init: RunPythonWorkerInit = {
    indexDir: pyodideDir(),
    interrupt: buffer,
    memoryMb: limits.memoryMb,
  };
  const worker = new Worker(url, {
    workerData: init,
    env: {},
    stdout: true,
    stderr: true,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
  });
  worker.stdout.resume(); // nothing the code prints reaches the server's log
  worker.stderr.resume();
  const interpreter: Interpreter = {
    worker,
    interrupt: new Int32Array(buffer),
    ready: Promise.resolve(),
    runs: 0,
    idle: null,
    dead: false,
  };
  worker.once("exit", () => {
    interpreter.dead = true;
  });
  interpreter.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromRunPythonWorker) => {
      if (message.type === "ready") {
        cleanup();
        resolve();
      } else if (message.type === "load-failed") {
        cleanup();
        reject(new Error(`The Python sandbox could not start: ${message.message}`));
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new Error(`The Python sandbox could not start: ${error.message}`));
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The Python sandbox could not start (exit code ${code}).`));
    };
    const cleanup = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
  interpreter.ready.catch(() => end(interpreter));
  return interpreter;
}

/** A warm interpreter of this person's, or a new one (the least recently used goes beyond the cap). */
function take(
  owner: string,
  limits: RunPythonLimits,
  url: URL,
): { it: Interpreter; cold: boolean } {
  const kept = warm.get(owner);
  if (kept) {
    warm.delete(owner);
    if (kept.idle) clearTimeout(kept.idle);
    kept.idle = null;
    if (!kept.dead) {
      kept.worker.ref();
      return { it: kept, cold: false };
    }
  }
  return { it: start(limits, url), cold: true };
}

function keep(owner: string, interpreter: Interpreter): void {
  if (interpreter.dead || interpreter.runs >= WARM_RUNS) {
    end(interpreter);
    return;
  }
  const previous = warm.get(owner);
  if (previous && previous !== interpreter) end(previous);
  warm.delete(owner);
  warm.set(owner, interpreter);
  interpreter.worker.unref(); // an idle interpreter never holds the process open
  interpreter.idle = setTimeout(() => {
    if (warm.get(owner) === interpreter) warm.delete(owner);
    end(interpreter);
  }, WARM_IDLE_MS);
  interpreter.idle.unref();
  while (warm.size > WARM_MAX) {
    const [oldest, first] = warm.entries().next().value as [string, Interpreter];
    warm.delete(oldest);
    end(first);
  }
}

/** Ends every warm interpreter (tests, shutdown). */
export function endWarmPython(): void {
  for (const interpreter of warm.values()) end(interpreter);
  warm.clear();
}

/** How many interpreters are kept warm in this thread (tests). */
export function warmPythonCount(): number {
  return warm.size;
}

/**
 * One Python run in a (warm, if this person has one) interpreter. Throws only when the sandbox
 * cannot start; everything the code does is an outcome.
 */
export async function runPythonInSandbox(
  code: string,
  options: { limits: RunPythonLimits; owner: string; url?: URL; signal?: AbortSignal },
): Promise<RunPythonEnd> {
  const { limits, owner, signal } = options;
  const { it, cold } = take(owner, limits, options.url ?? defaultRunPythonWorkerUrl());
  let startTimer: NodeJS.Timeout | undefined;
  const startAbort = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  const startTimeout = new Promise<"timeout">((resolve) => {
    startTimer = setTimeout(() => resolve("timeout"), limits.startMs);
  });
  try {
    const first = await Promise.race([
      it.ready.then(() => "ready" as const),
      startAbort,
      startTimeout,
    ]);
    if (first === "aborted") {
      // A cold interpreter still loading is kept for this person's next run.
      if (!it.dead) keep(owner, it);
      return { kind: "aborted", durationMs: 0 };
    }
    if (first === "timeout") {
      end(it);
      throw new Error("The Python sandbox did not start in time.");
    }
  } catch (error) {
    end(it);
    throw error;
  } finally {
    clearTimeout(startTimer);
  }

  it.runs++;
  const outcome = await new Promise<RunPythonEnd>((resolve) => {
    let startedAt: number | null = null;
    let settled = false;
    let interruptSent = false;
    const timers: NodeJS.Timeout[] = [];
    const elapsed = () => (startedAt === null ? 0 : Math.round(performance.now() - startedAt));
    const finish = (value: RunPythonEnd) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      it.worker.off("message", onMessage);
      it.worker.off("error", onError);
      it.worker.off("exit", onExit);
      signal?.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onMessage = (message: FromRunPythonWorker) => {
      if (message.type === "started") {
        startedAt = performance.now();
        timers.push(
          setTimeout(() => {
            interruptSent = true;
            Atomics.store(it.interrupt, 0, 2);
          }, limits.deadlineMs),
        );
        timers.push(
          setTimeout(() => {
            end(it);
            finish({ kind: "hard-stop", durationMs: elapsed() });
          }, limits.hardMs),
        );
      } else if (message.type === "done") {
        const { outcome } = message;
        finish({
          kind: "outcome",
          outcome:
            outcome.interrupted && interruptSent
              ? { ...outcome, stopped: "time", error: null, result: null }
              : outcome,
          cold,
        });
      }
    };
    const onError = (error: Error & { code?: string }) => {
      end(it);
      finish({
        kind: "crashed",
        durationMs: elapsed(),
        memory: error.code === "ERR_WORKER_OUT_OF_MEMORY",
      });
    };
    const onExit = () => {
      end(it);
      finish({ kind: "crashed", durationMs: elapsed(), memory: false });
    };
    const onAbort = () => {
      end(it);
      finish({ kind: "aborted", durationMs: elapsed() });
    };
    it.worker.on("message", onMessage);
    it.worker.on("error", onError);
    it.worker.on("exit", onExit);
    if (it.dead) {
      onExit();
      return;
    }
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    const request: RunPythonRequest = {
      type: "run",
      code,
      maxOutput: limits.maxOutput,
      maxResult: limits.maxResult,
    };
    it.worker.postMessage(request);
  });
  if (outcome.kind === "outcome" && outcome.outcome.stopped !== "memory" && !outcome.outcome.broken)
    keep(owner, it);
  else end(it);
  return outcome;
}

/** The tool's result from a Python run's end (the messages are run-code.ts's). */
export function pythonResult(
  end: RunPythonEnd,
  words: { time: string; memory: string; aborted: string; crashed: string },
): RunCodeToolOutput {
  switch (end.kind) {
    case "outcome": {
      const { outcome } = end;
      return {
        ok: outcome.error === null && outcome.stopped === null,
        stdout: outcome.stdout,
        result: outcome.result,
        error:
          outcome.stopped === "time"
            ? words.time
            : outcome.stopped === "memory"
              ? words.memory
              : outcome.error,
        durationMs: outcome.durationMs,
        truncated: outcome.truncated,
      };
    }
    case "hard-stop":
      return stopped(words.time, end.durationMs);
    case "aborted":
      return stopped(words.aborted, end.durationMs);
    case "crashed":
      return stopped(end.memory ? words.memory : words.crashed, end.durationMs);
  }
}

const stopped = (error: string, durationMs: number): RunCodeToolOutput => ({
  ok: false,
  stdout: "",
  result: null,
  error,
  durationMs,
  truncated: false,
});
