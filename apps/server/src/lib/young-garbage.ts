import v8 from "node:v8";
import vm from "node:vm";

type GcFunction = (options?: { type?: "minor" | "major"; execution?: "sync" | "async" }) => void;

let gc: GcFunction | null | undefined;

/**
 * V8's `gc`, taken once from a context made while `--expose-gc` was set for that moment only (the
 * flag is unset again at once: no later context, a worker's or a sandbox's, gets the function).
 * Null if this V8 does not allow it.
 */
function gcFunction(): GcFunction | null {
  if (gc !== undefined) return gc;
  try {
    v8.setFlagsFromString("--expose-gc");
    const found: unknown = vm.runInNewContext("typeof gc === 'function' ? gc : null");
    gc = typeof found === "function" ? (found as GcFunction) : null;
  } catch {
    gc = null;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
  return gc;
}

/**
 * Collects the young generation now (a scavenge: about a millisecond when little survives). Each
 * chunk Node reads from a socket is a new ArrayBuffer, and V8 collects young ArrayBuffers only once
 * they add up to twice its default semi-space (32 MB on 64-bit): a streamed upload would otherwise
 * leave that much read-and-written data in memory before it is freed. Called every few megabytes
 * received, it keeps that garbage to a few megabytes.
 */
export function collectYoungGarbage(): void {
  gcFunction()?.({ type: "minor" });
}
