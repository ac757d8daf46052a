import type { PythonErrorInfo, PythonRunRequest, PythonWorkerEvent } from "./python-protocol.ts";

/** A run that executes longer than this is stopped (the worker is terminated). */
export const PYTHON_TIME_LIMIT_MS = 10_000;

/** Why Python cannot run here: no WebAssembly, no module workers. */
export type PythonUnsupported = "no-webassembly" | "no-worker";

/** How a run ended. */
export type PythonOutcome =
  | { kind: "ok"; truncated: boolean }
  | { kind: "error"; error: PythonErrorInfo; truncated: boolean }
  /** Stopped at the time limit. */
  | { kind: "timeout"; limitMs: number }
  /** Stopped by the person. */
  | { kind: "stopped" }
  /** Python could not start: the browser lacks something, or its files did not load. */
  | { kind: "unavailable"; reason: PythonUnsupported | "load-failed"; detail?: string };

export interface PythonRunHandlers {
  /** Python is being downloaded and started (first run, or the first after a stop). */
  onLoading: () => void;
  /** Loaded: the code starts running now. */
  onStarted: (loadMs: number | null) => void;
  onOutput: (stream: "stdout" | "stderr", text: string) => void;
  onDone: (outcome: PythonOutcome) => void;
}

/** What the browser lacks for the scratchpad, or null when it has everything. */
export function missingSupport(scope: {
  WebAssembly?: unknown;
  Worker?: unknown;
}): PythonUnsupported | null {
  if (typeof scope.WebAssembly !== "object" || scope.WebAssembly === null) return "no-webassembly";
  if (typeof scope.Worker !== "function") return "no-worker";
  return null;
}

/**
 * One learner's Python: a module worker started on the first run and kept between runs (Pyodide
 * takes seconds to load). Stop and the time limit terminate it; the next run starts a new one.
 */
export class PythonSession {
  private worker: Worker | null = null;
  private ready = false;
  private loadMs: number | null = null;
  private nextId = 1;
  private current: { id: number; handlers: PythonRunHandlers } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly limitMs = PYTHON_TIME_LIMIT_MS) {}

  get running(): boolean {
    return this.current !== null;
  }

  run(code: string, handlers: PythonRunHandlers): void {
    if (this.current) return;
    const missing = missingSupport(globalThis as { WebAssembly?: unknown; Worker?: unknown });
    if (missing) {
      handlers.onDone({ kind: "unavailable", reason: missing });
      return;
    }
    const id = this.nextId++;
    this.current = { id, handlers };
    if (!this.worker) {
      try {
        this.worker = this.startWorker();
      } catch (error) {
        this.finish({
          kind: "unavailable",
          reason: "load-failed",
          detail: error instanceof Error ? error.message : String(error),
        });
        return;
      }
    }
    if (!this.ready) handlers.onLoading();
    const request: PythonRunRequest = { type: "run", id, code };
    this.worker.postMessage(request);
  }

  /** Stops the running code (and with it this Python: the next run loads it again). */
  stop(): void {
    if (!this.current) return;
    this.kill();
    this.finish({ kind: "stopped" });
  }

  dispose(): void {
    this.kill();
    this.current = null;
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL("./python-worker.ts", import.meta.url), {
      type: "module",
      name: "python",
    });
    worker.onmessage = (event: MessageEvent<PythonWorkerEvent>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const loaded = this.ready;
      this.kill();
      // Once loaded, an uncaught error is Python dying mid-run (out of memory, say).
      this.finish(
        loaded
          ? { kind: "error", error: { type: "InternalError", module: null }, truncated: false }
          : {
              kind: "unavailable",
              reason: "load-failed",
              detail: event.message || "the worker script did not start",
            },
      );
    };
    return worker;
  }

  private receive(event: PythonWorkerEvent): void {
    const current = this.current;
    switch (event.type) {
      case "ready":
        this.ready = true;
        this.loadMs = event.loadMs;
        return;
      case "load-failed":
        this.kill();
        this.finish({ kind: "unavailable", reason: "load-failed", detail: event.message });
        return;
      case "started":
        if (current?.id !== event.id) return;
        current.handlers.onStarted(this.loadMs);
        this.loadMs = null;
        this.timer = setTimeout(() => {
          this.kill();
          this.finish({ kind: "timeout", limitMs: this.limitMs });
        }, this.limitMs);
        return;
      case "output":
        if (current?.id === event.id) current.handlers.onOutput(event.stream, event.text);
        return;
      case "done":
        if (current?.id !== event.id) return;
        // Pyodide itself failed: this Python may be broken, the next run starts a new one.
        if (event.error?.type === "InternalError") this.kill();
        this.finish(
          event.error
            ? { kind: "error", error: event.error, truncated: event.truncated }
            : { kind: "ok", truncated: event.truncated },
        );
        return;
    }
  }

  private finish(outcome: PythonOutcome): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const current = this.current;
    this.current = null;
    current?.handlers.onDone(outcome);
  }

  private kill(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }
}
