import { Worker } from "node:worker_threads";
import type { RunCodeToolOutput } from "@nexus/contracts";
import { tool } from "ai";
import { z } from "zod";
import type {
  FromRunCodeWorker,
  RunCodeWorkerInput,
  RunCodeWorkerLimits,
} from "./run-code.worker.ts";
import { ownerHash, RUN_CODE_CONCURRENT, takeSlot } from "./run-code-slots.ts";
import { pythonResult, runPythonInSandbox } from "./run-python.ts";
import type { ToolContext } from "./tool-context.ts";

export { runCodeSlotsInUse } from "./run-code-slots.ts";
export { endWarmPython, pyodideVersion, warmPythonCount } from "./run-python.ts";

/** The languages the sandbox runs. */
export const RUN_CODE_LANGUAGES = ["javascript", "python"] as const;
export type RunCodeLanguage = (typeof RUN_CODE_LANGUAGES)[number];

/**
 * The run-code tool: runs a piece of JavaScript or Python in a sandbox and returns what it printed
 * and the value of its last expression. Python is Pyodide in a worker thread of its own, kept warm
 * for the same person, under the same limits (run-python.ts); the rest of this comment is about
 * JavaScript. Each run gets a fresh worker thread (run-code.worker.ts) with V8
 * heap limits, and in it a fresh QuickJS (WebAssembly) runtime with a memory limit and an
 * interrupt deadline; the code has the language and `console`, nothing of the host (no network,
 * files, `require`, `process`). Whatever happens inside, the thread is `terminate()`d after a hard
 * wall-clock limit or when the turn is aborted. At most `concurrent` runs at once in the whole
 * process and one per person (the other callers wait up to `waitMs`, then get a "busy" result),
 * so a flood of calls cannot take the machine and one person cannot take every slot.
 * From source the worker loads through tsx (run-code.worker-source.mjs); in the built server it is
 * the bundle's run-code-worker.js beside main.js and chat-worker.js (scripts/build-server.mjs).
 */

export interface RunCodeLimits extends RunCodeWorkerLimits {
  /** The code's longest accepted length. */
  maxChars: number;
  /** From the start of the evaluation: the worker is terminated whatever happens inside. */
  hardMs: number;
  /** A worker that has not begun the evaluation by then has failed to start (our fault). */
  startMs: number;
  /** The worker thread's V8 old-generation heap. */
  heapMb: number;
  /** The Python worker's V8 heap (Pyodide's JavaScript side; Python's own memory is memoryMb). */
  pythonHeapMb: number;
  /** Starting Pyodide (a cold interpreter) takes seconds, many on a busy machine. */
  pythonStartMs: number;
  /** Runs at once in this process. */
  concurrent: number;
  /** How long a run waits for a slot (one of its person's own, at most) before it is "busy". */
  waitMs: number;
}

export const RUN_CODE_LIMITS: RunCodeLimits = {
  maxChars: 20_000,
  deadlineMs: 3_000,
  hardMs: 5_000,
  startMs: 30_000,
  memoryMb: 32,
  stackKb: 256,
  heapMb: 64,
  pythonHeapMb: 128,
  pythonStartMs: 90_000,
  maxOutput: 16 * 1024,
  maxResult: 4 * 1024,
  concurrent: RUN_CODE_CONCURRENT,
  waitMs: 30_000,
};

export type RunCodeResult = RunCodeToolOutput;

export interface RunCodeOptions {
  /** Aborting ends the run (the worker is terminated) or its wait for a turn. */
  signal?: AbortSignal;
  /** Only `deadlineMs`, `hardMs`… of one call; `concurrent` is the process's and stays. */
  limits?: Partial<Omit<RunCodeLimits, "concurrent">>;
  /** The worker file; defaults to the one beside this module (source) or main.js (bundle). */
  workerUrl?: URL;
  /** JavaScript unless said otherwise. */
  language?: RunCodeLanguage;
  /**
   * Who runs it (a user id, an anonymous id): at most one slot per person at a time, across the
   * process's threads. Without one, only the process cap applies.
   */
  owner?: string;
}

export const timeMessage = (limits: Pick<RunCodeLimits, "deadlineMs">) =>
  `Stopped: the code ran longer than ${seconds(limits.deadlineMs)}.`;
export const memoryMessage = (limits: Pick<RunCodeLimits, "memoryMb">) =>
  `Stopped: the code used more than ${limits.memoryMb} MB of memory.`;
export const ABORTED_MESSAGE = "Stopped: the run was cancelled.";
export const CRASHED_MESSAGE = "Stopped: the sandbox failed while running the code.";
export const BUSY_MESSAGE = "Not run: the code sandbox is busy with other runs. Try again shortly.";

const seconds = (ms: number) => {
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? "" : "s"}`;
};

export function defaultRunCodeWorkerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./run-code.worker-source.mjs", import.meta.url)
    : new URL("./run-code-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

// --- One run ---------------------------------------------------------------------------------

const stoppedResult = (error: string, durationMs: number, stdout = ""): RunCodeResult => ({
  ok: false,
  stdout,
  result: null,
  error,
  durationMs,
  truncated: false,
});

/**
 * Runs JavaScript (or Python) in the sandbox. Errors of the code, time-outs and memory overruns are results
 * (ok: false, with a message for people); only a sandbox that cannot start throws.
 */
export async function runCode(
  source: string,
  options: RunCodeOptions = {},
): Promise<RunCodeResult> {
  const limits = { ...RUN_CODE_LIMITS, ...options.limits };
  const { signal } = options;
  if (source.length > limits.maxChars)
    return stoppedResult(`The code is longer than ${limits.maxChars} characters.`, 0);
  const python = options.language === "python";
  const release = await takeSlot({
    leaseMs: (python ? limits.pythonStartMs : limits.startMs) + limits.hardMs + 5_000,
    waitMs: limits.waitMs,
    owner: ownerHash(options.owner),
    signal,
  });
  if (release === null) return stoppedResult(ABORTED_MESSAGE, 0);
  if (release === "busy") return { ...stoppedResult(BUSY_MESSAGE, 0), busy: true };
  try {
    if (python) {
      const end = await runPythonInSandbox(source, {
        limits: { ...limits, heapMb: limits.pythonHeapMb, startMs: limits.pythonStartMs },
        owner: options.owner ?? "",
        signal,
      });
      return pythonResult(end, {
        time: timeMessage(limits),
        memory: memoryMessage(limits),
        aborted: ABORTED_MESSAGE,
        crashed: CRASHED_MESSAGE,
      });
    }
    return await runInWorker(
      source,
      limits,
      options.workerUrl ?? defaultRunCodeWorkerUrl(),
      signal,
    );
  } finally {
    release();
  }
}

function runInWorker(
  code: string,
  limits: RunCodeLimits,
  url: URL,
  signal?: AbortSignal,
): Promise<RunCodeResult> {
  const input: RunCodeWorkerInput = {
    code,
    limits: {
      deadlineMs: limits.deadlineMs,
      memoryMb: limits.memoryMb,
      stackKb: limits.stackKb,
      maxOutput: limits.maxOutput,
      maxResult: limits.maxResult,
    },
  };
  const worker = new Worker(url, {
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
  });
  return new Promise<RunCodeResult>((resolve, reject) => {
    let startedAt: number | null = null;
    let settled = false;
    const elapsed = () => (startedAt === null ? 0 : Math.round(performance.now() - startedAt));
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      outcome();
    };
    const stop = (error: string) => finish(() => resolve(stoppedResult(error, elapsed())));
    const onAbort = () => stop(ABORTED_MESSAGE);
    // Until the evaluation begins: the start budget (our fault when exceeded); then the hard limit.
    let timer = setTimeout(
      () => finish(() => reject(new Error("The code sandbox did not start in time."))),
      limits.startMs,
    );
    worker.on("message", (message: FromRunCodeWorker) => {
      if (message.type === "started") {
        startedAt = performance.now();
        clearTimeout(timer);
        timer = setTimeout(() => stop(timeMessage(limits)), limits.hardMs);
        return;
      }
      const { outcome } = message;
      finish(() =>
        resolve({
          ok: outcome.error === null && outcome.stopped === null,
          stdout: outcome.stdout,
          result: outcome.result,
          error:
            outcome.stopped === "time"
              ? timeMessage(limits)
              : outcome.stopped === "memory"
                ? memoryMessage(limits)
                : outcome.error,
          durationMs: outcome.durationMs,
          truncated: outcome.truncated,
        }),
      );
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") stop(memoryMessage(limits));
      else if (startedAt !== null) stop(CRASHED_MESSAGE);
      else finish(() => reject(new Error(`The code sandbox could not start: ${error.message}`)));
    });
    worker.on("exit", (code) => {
      if (startedAt !== null) stop(CRASHED_MESSAGE);
      else finish(() => reject(new Error(`The code sandbox could not start (exit code ${code}).`)));
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Its input (one schema for every turn: toolsFor converts it for the model once). */
const RUN_CODE_INPUT = z.object({
  language: z
    .enum(RUN_CODE_LANGUAGES)
    .default("javascript")
    .describe("The code's language: javascript or python."),
  code: z.string().min(1).max(RUN_CODE_LIMITS.maxChars),
});

/** What the model is told the sandbox can do (also the agents' prompts' source of truth). */
export const RUN_CODE_DESCRIPTION =
  "Run JavaScript or Python in a sandbox to calculate or check something; set language. " +
  "JavaScript (no TypeScript, no modules): returns what console.log printed and the value of " +
  "the last expression; no require/import/process/fetch and no timers. Python 3 (Pyodide): " +
  "returns what print wrote and the repr of the last expression; the standard library only " +
  "(no numpy, pandas, matplotlib or pip), no input(). Both: no network, no files but a " +
  `scratch folder emptied before each run; a run stops after ${seconds(RUN_CODE_LIMITS.deadlineMs)} ` +
  `or ${RUN_CODE_LIMITS.memoryMb} MB of memory.`;

/** The run-code tool (ai/tools, ARCHITECTURE.md §3.1). */
export function runCodeTool(ctx: ToolContext) {
  return tool({
    description: RUN_CODE_DESCRIPTION,
    inputSchema: RUN_CODE_INPUT,
    execute: async ({ code, language }) =>
      runCode(code, {
        language,
        signal: ctx.signal,
        owner: ctx.caller.user?.id ?? ctx.caller.anonId ?? `ip:${ctx.caller.ip}`,
      }),
  });
}
