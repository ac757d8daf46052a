import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { SETUP } from "./run-python.setup.ts";

/**
 * The Python interpreter of the run-code tool (started by run-python.ts): one thread that loads
 * Pyodide (CPython compiled to WebAssembly, from the `pyodide` npm package: nothing is fetched)
 * and then runs one piece of code at a time, resetting Python's state between runs. It is kept
 * warm for one person only (run-python.ts); the parent terminates it after a hard limit, a memory
 * overrun, an abort or a while unused.
 *
 * What the code can reach, and how each way out is closed (run-code.test.ts tries every one):
 * - JavaScript: the `js` module is an empty object, not the thread's globals; after start-up the
 *   API object keeps only what runs Python and converts values (API_KEPT: no `_api`/`_module`,
 *   `mountNodeFS`, `useNodeSockFS`, `loadPackage`…), the file system loses NODEFS and the browser
 *   file systems, and generating code from strings (`eval`, every kind of `Function` constructor)
 *   throws. The thread's
 *   `process.env` is empty (run-python.ts starts it with `env: {}`).
 * - Files: only Pyodide's in-memory file system; the scratch folder (/scratch, the working
 *   directory) and /tmp are emptied before every run.
 * - Network: Python's sockets go through Emscripten's WebSocket emulation, whose `ws` module is
 *   replaced by one that refuses; `fetch` is not given to Python (`js` is empty).
 * - Memory: WebAssembly memory may grow to what the interpreter had after start-up plus the
 *   limit; past it malloc fails and Python raises MemoryError.
 * - Time: the parent sets the interrupt word at the deadline (KeyboardInterrupt in Python); a run
 *   that ignores it is terminated at the hard limit.
 */

export interface RunPythonWorkerInit {
  /** Pyodide's folder (node_modules/pyodide), with a trailing slash. */
  indexDir: string;
  /** The interrupt word the parent sets to 2 (SIGINT) at the deadline. */
  interrupt: SharedArrayBuffer;
  /** MB the code may allocate above the interpreter's own memory. */
  memoryMb: number;
}

export interface RunPythonRequest {
  type: "run";
  code: string;
  maxOutput: number;
  maxResult: number;
}

export interface RunPythonOutcome {
  stdout: string;
  result: string | null;
  error: string | null;
  stopped: "time" | "memory" | null;
  /** The run ended in KeyboardInterrupt (the parent knows whether its deadline raised it). */
  interrupted: boolean;
  /** Pyodide itself failed (a fatal error): this interpreter must not run anything again. */
  broken: boolean;
  durationMs: number;
  truncated: boolean;
}

export type FromRunPythonWorker =
  | { type: "ready"; loadMs: number; python: string; baseMb: number }
  | { type: "load-failed"; message: string }
  | { type: "started" }
  | { type: "done"; outcome: RunPythonOutcome };

export const PY_OUTPUT_CUT = "… output cut";
export const PY_RESULT_CUT = "… (cut)";

/** The part of Pyodide's API used here. */
interface Pyodide {
  runPython(code: string): unknown;
  setStdout(options: { write(buffer: Uint8Array): number; isatty?: boolean }): void;
  setStderr(options: { write(buffer: Uint8Array): number; isatty?: boolean }): void;
  setStdin(options: { error: boolean }): void;
  setInterruptBuffer(buffer: Int32Array): void;
  globals: { get(name: string): unknown };
  _module: { HEAPU8: Uint8Array };
  FS: { filesystems: Record<string, unknown> };
}
type LoadPyodide = (options: {
  indexURL: string;
  jsglobals?: object;
  env?: Record<string, string>;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
}) => Promise<Pyodide>;
/** `_nexus_run(code, max_result)` → JSON of { result, error, kind, line }. */
type RunFunction = ((code: string, maxResult: number) => string) & { destroy?: () => void };

/** Refuses every connection Emscripten's socket emulation would open. */
class NoNetwork {
  constructor() {
    throw new Error("Network is unreachable: the sandbox has no network");
  }
}

const refuse = (what: string) =>
  function refused(): never {
    throw new Error(`${what} is not available in the sandbox`);
  };

/**
 * The `require` Pyodide's Node start-up would otherwise put on the thread's globals (with `fs`,
 * `ws` and `child_process` in it): ours gives nothing but `crypto` (random numbers).
 */
function installRequire(nodeRequire: NodeJS.Require, indexDir: string): void {
  const pyodideRequire = createRequire(path.join(indexDir, "pyodide.asm.mjs"));
  try {
    // Emscripten's socket emulation requires `ws` itself: the module cache answers with a refusal.
    const wsPath = pyodideRequire.resolve("ws");
    pyodideRequire.cache[wsPath] = {
      id: wsPath,
      filename: wsPath,
      loaded: true,
      exports: NoNetwork,
      children: [],
      paths: [],
    } as unknown as NodeJS.Module;
  } catch {
    // No `ws` installed: the socket emulation cannot connect anyway.
  }
  const crypto = nodeRequire("node:crypto") as unknown;
  (globalThis as Record<string, unknown>).require = (name: string) => {
    if (name === "crypto" || name === "node:crypto") return crypto;
    if (name === "ws") return NoNetwork;
    throw new Error(`${name} is not available in the sandbox`);
  };
}

/** Caps WebAssembly memory growth (Emscripten grows it through Memory.prototype.grow). */
function capMemory(): { setCap(bytes: number): void } {
  let cap = Number.POSITIVE_INFINITY;
  const wasm = (globalThis as unknown as { WebAssembly: { Memory: { prototype: object } } })
    .WebAssembly;
  const proto = wasm.Memory.prototype as {
    grow(delta: number): number;
    buffer: ArrayBuffer;
  };
  const grow = proto.grow;
  Object.defineProperty(proto, "grow", {
    value: function capped(this: typeof proto, delta: number): number {
      if (this.buffer.byteLength + delta * 65_536 > cap) throw new RangeError("out of memory");
      return grow.call(this, delta);
    },
    writable: false,
    configurable: false,
  });
  return {
    setCap(bytes: number) {
      cap = bytes;
    },
  };
}

/**
 * What Python keeps of the API object (`import pyodide_js`): running Python and converting values.
 * Everything else goes after start-up, whatever a later Pyodide adds: `_api`/`_module` (the file
 * loader, the Emscripten module), `mountNodeFS`, `useNodeSockFS` (real TCP sockets), `loadPackage`,
 * `setInterruptBuffer` (the deadline), `setStdout`…
 */
const API_KEPT = new Set([
  "version",
  "ffi",
  "globals",
  "pyimport",
  "runPython",
  "runPythonAsync",
  "toPy",
  "registerJsModule",
  "unregisterJsModule",
  "checkInterrupt",
  "loadedPackages",
  "ERRNO_CODES",
  "PATH",
  "FS",
  // The class's own.
  "length",
  "name",
  "prototype",
]);

/** After start-up: the API object keeps API_KEPT only; the file system keeps MEMFS and PROXYFS. */
function sealApi(pyodide: Pyodide): void {
  const api = pyodide as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(api)) {
    if (API_KEPT.has(name)) continue;
    try {
      Object.defineProperty(api, name, { value: undefined, writable: false, configurable: false });
    } catch {
      try {
        api[name] = undefined;
      } catch {
        // Not redefinable: the tests' walk over what Python can reach would name it.
      }
    }
  }
  for (const name of Object.keys(pyodide.FS.filesystems)) {
    if (name !== "MEMFS" && name !== "PROXYFS") delete pyodide.FS.filesystems[name];
  }
}

/** No more code from strings in this thread: eval and every kind of function's constructor throw. */
function sealCodeGeneration(): void {
  const stub = refuse("Generating code from strings");
  const global = globalThis as Record<string, unknown>;
  for (const fn of [
    () => {},
    async () => {},
    function* generator() {},
    async function* asyncGenerator() {},
  ]) {
    Object.defineProperty(Object.getPrototypeOf(fn), "constructor", {
      value: stub,
      writable: false,
      configurable: false,
    });
  }
  // The global `Function` stays (Pyodide tests `instanceof Function`): the code cannot reach the
  // thread's globals, and every function's `constructor` is the stub.
  Object.defineProperty(global, "eval", { value: stub, writable: false, configurable: false });
  for (const name of ["require", "fetch", "WebSocket", "EventSource"]) {
    Object.defineProperty(global, name, { value: undefined, writable: false, configurable: false });
  }
}

async function load(init: RunPythonWorkerInit): Promise<{
  run: RunFunction;
  interrupt: Int32Array;
}> {
  const started = performance.now();
  const nodeRequire = createRequire(import.meta.url);
  installRequire(nodeRequire, init.indexDir);
  const memory = capMemory();
  const module = (await import(pathToFileURL(path.join(init.indexDir, "pyodide.mjs")).href)) as {
    loadPyodide: LoadPyodide;
  };
  const pyodide = await module.loadPyodide({
    indexURL: init.indexDir,
    jsglobals: Object.create(null) as object,
    env: { HOME: "/scratch" },
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.setStdin({ error: true });
  const interrupt = new Int32Array(init.interrupt);
  pyodide.setInterruptBuffer(interrupt);
  pyodide.runPython(SETUP);
  const run = pyodide.globals.get("_nexus_run") as RunFunction;
  const python = String(pyodide.runPython("import sys; sys.version.split()[0]"));
  const heap = pyodide._module.HEAPU8;
  const base = heap.buffer.byteLength;
  memory.setCap(base + init.memoryMb * 1024 * 1024);
  pyodide.setStdout(writer("stdout"));
  pyodide.setStderr(writer("stderr"));
  sealApi(pyodide);
  sealCodeGeneration();
  post({
    type: "ready",
    loadMs: Math.round(performance.now() - started),
    python,
    baseMb: Math.round(base / 1024 / 1024),
  });
  return { run, interrupt };
}

const post = (message: FromRunPythonWorker) => parentPort?.postMessage(message);

/** The output of the current run: stdout and stderr together, up to maxOutput characters. */
const output = { text: "", max: 0, cut: false };

function writer(_stream: "stdout" | "stderr") {
  const decoder = new TextDecoder();
  return {
    isatty: false,
    write(buffer: Uint8Array): number {
      if (!output.cut) {
        const text = decoder.decode(buffer, { stream: true });
        const room = output.max - output.text.length;
        if (text.length > room) {
          output.text += text.slice(0, Math.max(0, room));
          output.cut = true;
        } else output.text += text;
      }
      return buffer.length;
    },
  };
}

function runOnce(
  loaded: { run: RunFunction; interrupt: Int32Array },
  request: RunPythonRequest,
): RunPythonOutcome {
  output.text = "";
  output.cut = false;
  output.max = request.maxOutput;
  Atomics.store(loaded.interrupt, 0, 0);
  post({ type: "started" });
  const started = performance.now();
  let parsed: {
    result: string | null;
    error: string | null;
    kind: string | null;
    line: number | null;
  };
  try {
    parsed = JSON.parse(loaded.run(request.code, request.maxResult)) as typeof parsed;
  } catch (failure) {
    // Pyodide itself failed (out of memory while reporting, for one): not the code's own error.
    const message = failure instanceof Error ? failure.message : String(failure);
    parsed = {
      result: null,
      error: null,
      kind: /MemoryError|out of memory/i.test(message) ? "MemoryError" : "InternalError",
      line: null,
    };
  }
  const durationMs = Math.round(performance.now() - started);
  Atomics.store(loaded.interrupt, 0, 0);
  // A KeyboardInterrupt is the deadline's only when the parent set the word: it decides.
  const interrupted = parsed.kind === "KeyboardInterrupt";
  const stopped = parsed.kind === "MemoryError" ? ("memory" as const) : null;
  const resultCut = parsed.result !== null && parsed.result.length > request.maxResult;
  const result =
    parsed.result === null
      ? null
      : resultCut
        ? `${parsed.result.slice(0, request.maxResult)}${PY_RESULT_CUT}`
        : parsed.result;
  const error =
    stopped !== null
      ? null
      : parsed.kind === "InternalError"
        ? "The Python sandbox failed while running the code."
        : parsed.error === null
          ? null
          : parsed.line
            ? `${parsed.error} (line ${parsed.line})`
            : parsed.error;
  return {
    stdout: output.cut ? `${output.text}${PY_OUTPUT_CUT}` : output.text,
    result: error === null && stopped === null ? result : null,
    error,
    stopped,
    interrupted,
    broken: parsed.kind === "InternalError",
    durationMs,
    truncated: output.cut || resultCut,
  };
}

const port = parentPort;
if (port) {
  const init = workerData as RunPythonWorkerInit;
  const loading = load(init);
  loading.catch((error: unknown) => {
    post({ type: "load-failed", message: error instanceof Error ? error.message : String(error) });
  });
  port.on("message", (request: RunPythonRequest) => {
    if (request?.type !== "run") return;
    void loading.then(
      (loaded) => post({ type: "done", outcome: runOnce(loaded, request) }),
      () => {},
    );
  });
}
