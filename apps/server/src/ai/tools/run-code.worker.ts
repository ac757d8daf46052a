import { parentPort, workerData } from "node:worker_threads";
import {
  type CustomizeVariantOptions,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  RELEASE_SYNC,
} from "quickjs-emscripten";

/**
 * One run of the run-code tool (started by run-code.ts, one fresh thread per run, terminated
 * after it): evaluates the person's or the model's JavaScript in QuickJS (WebAssembly) with a
 * memory limit, a capped WebAssembly memory and an interrupt deadline, and posts what it printed,
 * the last expression's value or the error. The code sees the language and `console` only: no
 * `require`, `process`, `fetch`, timers, modules, files or network (QuickJS has none and no host
 * function but console's is given to it).
 */

export interface RunCodeWorkerLimits {
  /** The interrupt deadline from the start of the evaluation. */
  deadlineMs: number;
  /** QuickJS's own allocation limit. */
  memoryMb: number;
  /** QuickJS's stack (kept well under the thread's native stack). */
  stackKb: number;
  /** Characters of printed output kept. */
  maxOutput: number;
  /** Characters of the result kept. */
  maxResult: number;
}

export interface RunCodeWorkerInput {
  code: string;
  limits: RunCodeWorkerLimits;
}

/** How a run ended inside the worker ("time"/"memory": stopped; the parent words those). */
export interface RunCodeWorkerOutcome {
  stdout: string;
  result: string | null;
  error: string | null;
  stopped: "time" | "memory" | null;
  durationMs: number;
  truncated: boolean;
}

export type FromRunCodeWorker =
  | { type: "started" }
  | { type: "done"; outcome: RunCodeWorkerOutcome };

export const OUTPUT_CUT = "… output cut";
export const RESULT_CUT = "… (cut)";
const FILE_NAME = "code.js";
const OUT_OF_MEMORY = { name: "InternalError", message: "out of memory" };

/**
 * Evaluated first, inside QuickJS: defines `console` (its one way out is the `print` function it
 * closes over, not reachable from the code) and returns the formatter used for the result.
 * Formatting runs inside the sandbox too (getters, proxies and toString are the code's own), under
 * the same deadline and memory limit, with a character budget.
 */
const PRELUDE = `(function (print, budget) {
  "use strict";
  let left = 0;
  const str = (s) => JSON.stringify(s);
  const key = (k) => (/^[A-Za-z_$][\\w$]*$/.test(k) ? k : str(k));
  function fmt(v, depth, seen) {
    if (left <= 0) return "…";
    let out;
    try {
      out = fmtRaw(v, depth, seen);
    } catch (e) {
      out = "[unprintable]";
    }
    left -= out.length;
    return out;
  }
  function fmtRaw(v, depth, seen) {
    switch (typeof v) {
      case "string": return str(v.length > budget ? v.slice(0, budget) : v);
      case "number": return Object.is(v, -0) ? "-0" : String(v);
      case "bigint": return String(v) + "n";
      case "symbol": return v.toString();
      case "function": return "[Function " + (v.name || "(anonymous)") + "]";
      case "undefined": return "undefined";
      case "boolean": return String(v);
    }
    if (v === null) return "null";
    if (seen.includes(v)) return "[Circular]";
    if (v instanceof Error) return String(v.name) + ": " + String(v.message);
    if (v instanceof Date) return isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
    if (v instanceof RegExp) return String(v);
    if (v instanceof Promise) return "Promise {}";
    const inner = seen.concat([v]);
    const list = (items, more, open, close) => {
      if (more > 0) items.push("… " + more + " more");
      return items.length ? open + " " + items.join(", ") + " " + close : open + close;
    };
    if (v instanceof Map) {
      if (depth > 2) return "[Map]";
      const items = [];
      for (const [k, x] of v) {
        if (items.length >= 50 || left <= 0) break;
        items.push(fmt(k, depth + 1, inner) + " => " + fmt(x, depth + 1, inner));
      }
      return "Map(" + v.size + ") " + list(items, v.size - items.length, "{", "}");
    }
    if (v instanceof Set) {
      if (depth > 2) return "[Set]";
      const items = [];
      for (const x of v) {
        if (items.length >= 50 || left <= 0) break;
        items.push(fmt(x, depth + 1, inner));
      }
      return "Set(" + v.size + ") " + list(items, v.size - items.length, "{", "}");
    }
    if (Array.isArray(v)) {
      if (depth > 2) return "[Array]";
      const items = [];
      for (let i = 0; i < v.length && i < 100 && left > 0; i++) items.push(fmt(v[i], depth + 1, inner));
      return list(items, v.length - items.length, "[", "]");
    }
    if (depth > 2) return "[Object]";
    const keys = Object.keys(v);
    const items = [];
    for (const k of keys) {
      if (items.length >= 50 || left <= 0) break;
      items.push(key(k) + ": " + fmt(v[k], depth + 1, inner));
    }
    return list(items, keys.length - items.length, "{", "}");
  }
  const format = (v) => {
    left = budget;
    return fmt(v, 0, []);
  };
  const line = (args) => {
    let text = "";
    for (let i = 0; i < args.length && text.length <= budget; i++) {
      text += (i ? " " : "") + (typeof args[i] === "string" ? args[i] : format(args[i]));
    }
    return text.length > budget ? text.slice(0, budget + 1) : text;
  };
  const method = () => function () { print(line(Array.prototype.slice.call(arguments))); };
  const console = {
    log: method(), info: method(), warn: method(), error: method(), debug: method(), trace: method(),
  };
  Object.defineProperty(globalThis, "console", { value: console, writable: true, configurable: true });
  return format;
})`;

/** QuickJS's own InternalError with this message (not the code's `throw new Error(...)`). */
function isInternal(e: unknown, message: string): boolean {
  if (!e || typeof e !== "object") return false;
  const error = e as { name?: unknown; message?: unknown };
  return error.name === "InternalError" && error.message === message;
}

const asText = (value: unknown) =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));

/** "TypeError: cannot read property 'x' of null (line 3)" from a dumped QuickJS error. */
function describeError(e: unknown, format: (value: unknown) => string): string {
  if (e && typeof e === "object" && "message" in e) {
    const { name, message, stack, lineNumber } = e as {
      name?: unknown;
      message?: unknown;
      stack?: unknown;
      lineNumber?: unknown;
    };
    const at = typeof stack === "string" ? stack.match(/code\.js:(\d+)/) : null;
    const line = at ? Number(at[1]) : typeof lineNumber === "number" ? lineNumber : null;
    const head = `${typeof name === "string" && name ? name : "Error"}: ${String(message)}`;
    return line ? `${head} (line ${line})` : head;
  }
  return `Uncaught ${format(e)}`;
}

type WasmMemory = Exclude<NonNullable<CustomizeVariantOptions["wasmMemory"]>, () => unknown>;

/** The WebAssembly global's Memory (the server's TypeScript libraries declare only its types). */
const WasmMemory = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => WasmMemory };
  }
).WebAssembly.Memory;

async function main(): Promise<RunCodeWorkerOutcome> {
  const { code, limits } = workerData as RunCodeWorkerInput;
  // WebAssembly memory capped a little above QuickJS's limit (allocator slack): without the cap
  // a bomb of large arrays grows it towards 2 GB before QuickJS reports "out of memory".
  const pages = Math.ceil((limits.memoryMb * 3 * 1024 * 1024) / 65_536);
  const wasmMemory = new WasmMemory({ initial: 256, maximum: Math.max(256, pages) });
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory }));
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(limits.stackKb * 1024);
  const vm: QuickJSContext = runtime.newContext();

  let stdout = "";
  let outputCut = false;
  const print = vm.newFunction("print", (text: QuickJSHandle) => {
    if (outputCut) return;
    const line = `${vm.getString(text)}\n`;
    if (stdout.length + line.length > limits.maxOutput) {
      stdout += line.slice(0, Math.max(0, limits.maxOutput - stdout.length));
      outputCut = true;
    } else stdout += line;
  });
  const budget = vm.newNumber(limits.maxResult);
  const prelude = vm.unwrapResult(vm.evalCode(PRELUDE, "prelude.js"));
  const formatter = vm.unwrapResult(vm.callFunction(prelude, vm.undefined, print, budget));
  prelude.dispose();
  print.dispose();
  budget.dispose();

  const started = performance.now();
  const deadline = Date.now() + limits.deadlineMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  parentPort?.postMessage({ type: "started" } satisfies FromRunCodeWorker);

  const format = (handle: QuickJSHandle): string => {
    const called = vm.callFunction(formatter, vm.undefined, handle);
    if (called.error) {
      called.error.dispose();
      return "[unprintable]";
    }
    const text = vm.getString(called.value);
    called.value.dispose();
    return text;
  };
  const dumpError = (handle: QuickJSHandle): unknown => {
    try {
      return vm.dump(handle);
    } catch {
      return OUT_OF_MEMORY; // dumping needs memory too
    } finally {
      handle.dispose();
    }
  };

  let result: string | null = null;
  let resultCut = false;
  let failure: unknown = null;
  let hasFailure = false;
  const fail = (error: unknown) => {
    failure = error;
    hasFailure = true;
  };
  try {
    const evaluated = vm.evalCode(code, FILE_NAME);
    if (evaluated.error) fail(dumpError(evaluated.error));
    else {
      let value = evaluated.value;
      // Promises (async functions, import()) settle through QuickJS's job queue.
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) fail(dumpError(jobs.error));
      else jobs.dispose();
      if (!hasFailure && vm.typeof(value) === "object") {
        const state = vm.getPromiseState(value);
        if (state.type === "fulfilled" && !state.notAPromise) {
          value.dispose();
          value = state.value;
        } else if (state.type === "rejected") {
          fail(dumpError(state.error));
        }
      }
      if (!hasFailure && vm.typeof(value) !== "undefined") {
        const text = format(value);
        resultCut = text.length > limits.maxResult;
        result = resultCut ? `${text.slice(0, limits.maxResult)}${RESULT_CUT}` : text;
      }
      value.dispose();
    }
  } catch (error) {
    // A host-side failure: the native stack (deep recursion in the interpreter) or memory.
    fail(
      error instanceof RangeError && /call stack/i.test(error.message)
        ? { name: "RangeError", message: "Maximum call stack size exceeded" }
        : OUT_OF_MEMORY,
    );
  }
  const durationMs = Math.round(performance.now() - started);
  const stopped = !hasFailure
    ? null
    : isInternal(failure, "interrupted")
      ? "time"
      : isInternal(failure, "out of memory")
        ? "memory"
        : null;
  const error = hasFailure && !stopped ? describeError(failure, asText) : null;
  return {
    stdout: outputCut ? `${stdout}${OUTPUT_CUT}` : stdout,
    result: hasFailure ? null : result,
    error,
    stopped,
    durationMs,
    truncated: outputCut || resultCut,
  };
}

const port = parentPort;
if (port) {
  const outcome = await main();
  port.postMessage({ type: "done", outcome } satisfies FromRunCodeWorker);
}
