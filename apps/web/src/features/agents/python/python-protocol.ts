/**
 * The messages between the Python scratchpad (main thread) and its module worker, which loads
 * Pyodide from our own origin and runs the learner's code.
 */

/** Main thread → worker: run this code (one run at a time). */
export interface PythonRunRequest {
  type: "run";
  id: number;
  code: string;
}

/** What a run that raised tells the page: the exception's class and, for an import, the module. */
export interface PythonErrorInfo {
  type: string;
  module: string | null;
}

/** Worker → main thread. */
export type PythonWorkerEvent =
  /** Pyodide is loaded (after `loadMs` milliseconds in the worker) and runs code. */
  | { type: "ready"; loadMs: number; python: string }
  /** Pyodide could not be loaded: its files failed to download or to start. */
  | { type: "load-failed"; message: string }
  /** The run began executing (the time limit counts from here, not from loading). */
  | { type: "started"; id: number }
  | { type: "output"; id: number; stream: "stdout" | "stderr"; text: string }
  /** The run ended; `error` when it raised, `truncated` when output went past the limit. */
  | { type: "done"; id: number; error: PythonErrorInfo | null; truncated: boolean };

/** Characters of output one run shows; the rest is dropped (an endless print loop). */
export const OUTPUT_MAX_CHARS = 20_000;
