/**
 * The Python scratchpad's module worker: loads Pyodide from our own origin
 * (/pyodide/<version>/, copied there by the build) and runs the learner's code, one run at a
 * time, sending its output as it comes. The page stops a run by terminating this worker.
 *
 * Its response carries its own Content-Security-Policy (apps/server/src/static.ts): WebAssembly
 * allowed, connections to our origin only. After loading, the worker also gives up every way to
 * reach the network, so code from a reply cannot call our API with the person's cookies.
 */
import { version } from "pyodide/package.json";
import {
  OUTPUT_MAX_CHARS,
  type PythonErrorInfo,
  type PythonRunRequest,
  type PythonWorkerEvent,
} from "./python-protocol.ts";

/** The part of Pyodide's API this worker uses (its own .d.ts pulls in Node's types). */
interface Pyodide {
  version: string;
  runPython(code: string): unknown;
  setStdout(options: { write(buffer: Uint8Array): number; isatty?: boolean }): void;
  setStderr(options: { write(buffer: Uint8Array): number; isatty?: boolean }): void;
  setStdin(options: { error: boolean }): void;
  globals: { get(name: string): unknown };
}
type LoadPyodide = (options: {
  indexURL: string;
  env?: Record<string, string>;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
}) => Promise<Pyodide>;
type RunFunction = (code: string) => Promise<string | undefined>;

const scope = globalThis as unknown as {
  postMessage(message: PythonWorkerEvent): void;
  onmessage: ((event: MessageEvent<PythonRunRequest>) => void) | null;
  location: { origin: string };
};
const post = scope.postMessage.bind(scope);

const INDEX_URL = `${scope.location.origin}/pyodide/${version}/`;

/**
 * Runs the learner's code in a fresh namespace, like a script; the last expression's value is
 * shown as the Python shell shows it. A traceback is cut to the learner's own frames; an import of
 * a package that is not here reads as plain Python says it, not as Pyodide's advice to install it.
 */
const SETUP = `
import builtins, json, sys, traceback
from pyodide.code import eval_code_async

class InputNotSupportedError(RuntimeError):
    pass

def _nexus_no_input(prompt=""):
    raise InputNotSupportedError("input() cannot read from the keyboard in the scratchpad")

builtins.input = _nexus_no_input

async def _nexus_run(source):
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    try:
        result = await eval_code_async(source, namespace, filename="<scratchpad>")
        if result is not None:
            print(repr(result))
        return None
    except BaseException as error:
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != "<scratchpad>":
            tb = tb.tb_next
        shown = error
        if isinstance(error, ModuleNotFoundError) and error.name:
            shown = ModuleNotFoundError(f"No module named {error.name!r}", name=error.name)
        sys.stderr.write("".join(traceback.format_exception(type(shown), shown, tb)))
        module = error.name if isinstance(error, ImportError) else None
        return json.dumps({"type": type(error).__name__, "module": module})
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
`;

/** Globals that reach the network or other contexts: gone once Pyodide has loaded its files. */
const NETWORK_GLOBALS = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebSocketStream",
  "WebTransport",
  "EventSource",
  "importScripts",
  "Worker",
  "SharedWorker",
  "BroadcastChannel",
  "indexedDB",
  "caches",
] as const;

function cutNetwork(): void {
  const global = globalThis as unknown as Record<string, unknown>;
  for (const name of NETWORK_GLOBALS) {
    // Some live on the global object, some on its prototypes (WorkerGlobalScope's fetch).
    for (let owner: object | null = global; owner; owner = Object.getPrototypeOf(owner)) {
      if (Object.hasOwn(owner, name)) Reflect.deleteProperty(owner, name);
    }
    if (name in global) {
      Object.defineProperty(global, name, {
        value: undefined,
        writable: false,
        configurable: false,
      });
    }
  }
}

/** The output of the current run: sent in batches, at most OUTPUT_MAX_CHARS in all. */
class Output {
  private id = 0;
  private sent = 0;
  private pending: { stream: "stdout" | "stderr"; text: string } | null = null;
  private lastFlush = 0;
  truncated = false;

  begin(id: number): void {
    this.id = id;
    this.sent = 0;
    this.pending = null;
    this.truncated = false;
    this.lastFlush = performance.now();
  }

  write(stream: "stdout" | "stderr", text: string): void {
    if (this.truncated || text === "") return;
    const room = OUTPUT_MAX_CHARS - this.sent - (this.pending?.text.length ?? 0);
    const kept = text.length > room ? text.slice(0, Math.max(0, room)) : text;
    if (kept.length < text.length) this.truncated = true;
    if (this.pending && this.pending.stream !== stream) this.flush();
    if (this.pending) this.pending.text += kept;
    else this.pending = { stream, text: kept };
    // A busy loop never yields to timers: batches go out by size or by time, checked here.
    if (this.pending.text.length > 4096 || performance.now() - this.lastFlush > 50) this.flush();
  }

  flush(): void {
    const pending = this.pending;
    this.pending = null;
    this.lastFlush = performance.now();
    if (!pending || pending.text === "") return;
    this.sent += pending.text.length;
    post({ type: "output", id: this.id, stream: pending.stream, text: pending.text });
  }
}

const output = new Output();

function writer(stream: "stdout" | "stderr") {
  const decoder = new TextDecoder();
  return {
    isatty: false,
    write(buffer: Uint8Array): number {
      output.write(stream, decoder.decode(buffer, { stream: true }));
      return buffer.length;
    },
  };
}

async function load(): Promise<RunFunction> {
  const started = performance.now();
  const module = (await import(/* @vite-ignore */ `${INDEX_URL}pyodide.mjs`)) as {
    loadPyodide: LoadPyodide;
  };
  const pyodide = await module.loadPyodide({ indexURL: INDEX_URL, env: { HOME: "/home/learner" } });
  pyodide.setStdout(writer("stdout"));
  pyodide.setStderr(writer("stderr"));
  pyodide.setStdin({ error: true });
  pyodide.runPython(SETUP);
  const run = pyodide.globals.get("_nexus_run") as RunFunction;
  const python = String(pyodide.runPython("import sys; sys.version.split()[0]"));
  cutNetwork();
  post({ type: "ready", loadMs: Math.round(performance.now() - started), python });
  return run;
}

const loading = load();
loading.catch((error: unknown) => {
  post({ type: "load-failed", message: error instanceof Error ? error.message : String(error) });
});

function parseError(result: string | undefined): PythonErrorInfo | null {
  if (typeof result !== "string") return null;
  const parsed = JSON.parse(result) as { type?: unknown; module?: unknown };
  return {
    type: typeof parsed.type === "string" ? parsed.type : "Exception",
    module: typeof parsed.module === "string" ? parsed.module : null,
  };
}

let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  if (request?.type !== "run") return;
  queue = queue.then(async () => {
    let run: RunFunction;
    try {
      run = await loading;
    } catch {
      return; // load-failed was sent
    }
    output.begin(request.id);
    post({ type: "started", id: request.id });
    let error: PythonErrorInfo | null;
    try {
      error = parseError(await run(request.code));
    } catch (failure) {
      // Pyodide itself failed (not the learner's code, whose errors _nexus_run catches).
      output.write("stderr", failure instanceof Error ? failure.message : String(failure));
      error = { type: "InternalError", module: null };
    }
    output.flush();
    post({ type: "done", id: request.id, error, truncated: output.truncated });
  });
};
