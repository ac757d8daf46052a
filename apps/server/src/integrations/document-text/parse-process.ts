import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { Socket } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { ChildMemory, FromParseChild, ParseChildInput, ToParseChild } from "./parse.child.ts";
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";

/**
 * Runs parseDocument in a child process, so a hostile or huge document cannot block the server,
 * take its memory or make V8 abort it: a worker thread's `resourceLimits` do not count ArrayBuffers
 * (a 16,000² image took the server to 4.9 GB) and a worker near its heap limit can abort the whole
 * process. The child gets a memory cap (`memoryMb`, FILE_PARSE_MEMORY_MB) two ways: its V8 heap
 * (`--max-old-space-size`, half the cap) and an RSS watchdog here that reads /proc/<pid>/status
 * every WATCH_MS and SIGKILLs it over the cap (ArrayBuffers, canvases and wasm memory included).
 * No address-space limit (prlimit --as): V8 reserves far more address space than it uses (this
 * child's VmSize is ~35 GB for ~0.5 GB resident: ~10 GB per wasm memory behind its trap handler,
 * code ranges per thread), and it sizes heaps from RLIMIT_AS: under a 4 GB limit, even with
 * `--disable-wasm-trap-handler`, tsx's loader thread got a 71 MB heap and aborted on a 3-page PDF.
 * No cgroup either (not writable where we run). The watchdog is what holds the cap.
 * Dying of memory (watchdog, heap abort, the kernel) is "too_large" with MEMORY_MESSAGE; another
 * crash mid-parse is "damaged"; over `timeoutMs` it is killed, "timeout". Only that file fails.
 * A child that ended its parse normally and stayed clear of its limits (RSS under 3/4 of the cap,
 * heap in use under half its own limit) is kept (unref'd, at most
 * MAX_IDLE) for the next one: starting node and loading pdf.js costs more than a small parse.
 * A child that cannot even start rejects with a plain Error (our fault, not the file's).
 * From source the child loads through tsx (parse.child-source.mjs); in the built server it is the
 * bundle's parse-child.js beside main.js (scripts/build-server.mjs).
 */

export interface ParseProcessLimits {
  /** Wall-clock limit in ms (default 120 s), from the moment the parse is handed over. */
  timeoutMs?: number;
  /** The child's memory cap in MB (default 1024; FILE_PARSE_MEMORY_MB). */
  memoryMb?: number;
  /** The child's entry file; defaults to the one beside this module (source) or main.js (bundle). */
  entryUrl?: URL;
}

export const PARSE_TIMEOUT_MS = 120_000;
export const PARSE_MEMORY_MB = 1024;
const MAX_IDLE = 2;
const WATCH_MS = 50;

export const TIMEOUT_MESSAGE = "Reading this file took too long";
export const MEMORY_MESSAGE = "This file needs more memory to read than allowed";
const DAMAGED = "This file is damaged";

export function defaultParseChildUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./parse.child-source.mjs", import.meta.url)
    : new URL("./parse-child.js", import.meta.url); // the bundle's entry, beside main.js
}

interface Job {
  id: number;
  onMessage: (message: FromParseChild) => void;
  onExit: (code: number | null, signal: NodeJS.Signals | null) => void;
  onError: (error: Error) => void;
}

interface Slot {
  child: ChildProcess;
  key: string;
  started: boolean;
  /** Set when the watchdog killed it. */
  overMemory: boolean;
  /** The last bytes of its stderr: why it could not start, or whether V8 ran out of heap. */
  stderr: string;
  job: Job | null;
  /** Called once the child has loaded (a message sent earlier could be dropped). */
  onStarted: (() => void) | null;
}

const idle: Slot[] = [];
let nextId = 1;
let spawned = 0;

/** Children started so far (tests: tell a reused child from a fresh one). */
export function parseProcessesSpawned(): number {
  return spawned;
}

/** The child's resident set in bytes, or null where /proc cannot tell (not Linux, gone). */
export function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

function spawnChild(entry: URL, memoryMb: number, key: string): Slot {
  const args = [
    `--max-old-space-size=${Math.max(16, Math.floor(memoryMb / 2))}`,
    fileURLToPath(entry),
  ];
  // No environment of ours: the parser needs none of the server's settings or secrets.
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
    env: { TMPDIR: os.tmpdir() },
  });
  spawned++;
  const slot: Slot = {
    child,
    key,
    started: false,
    overMemory: false,
    stderr: "",
    job: null,
    onStarted: null,
  };
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => {
    slot.stderr = (slot.stderr + text).slice(-2000);
  });
  child.on("message", (message: FromParseChild) => {
    if (message.type === "started") {
      slot.started = true;
      slot.onStarted?.();
      slot.onStarted = null;
    } else slot.job?.onMessage(message);
  });
  child.on("error", (error) => slot.job?.onError(error));
  child.on("exit", (code, signal) => {
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    slot.job?.onExit(code, signal);
  });
  return slot;
}

function release(slot: Slot, keep: boolean) {
  slot.job = null;
  if (keep && idle.length < MAX_IDLE && slot.child.exitCode === null) {
    slot.child.unref();
    slot.child.channel?.unref();
    // Its stderr pipe is a handle too: an idle child must not hold the process open.
    if (slot.child.stderr instanceof Socket) slot.child.stderr.unref();
    idle.push(slot);
  } else slot.child.kill("SIGKILL");
}

/** Ends the idle children (tests and shutdown; they are unref'd and never hold the process). */
export async function closeIdleParseProcesses(): Promise<void> {
  const slots = idle.splice(0);
  await Promise.all(
    slots.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
          s.child.once("exit", () => resolve());
          s.child.ref(); // an idle child is unref'd: hold the process until its exit is seen
          s.child.kill("SIGKILL");
        }),
    ),
  );
}

/** V8's heap abort, the kernel's OOM killer or our watchdog: the file needed too much memory. */
function diedOfMemory(slot: Slot, code: number | null, signal: NodeJS.Signals | null) {
  return (
    slot.overMemory ||
    signal === "SIGABRT" ||
    signal === "SIGKILL" ||
    code === 134 ||
    /heap limit|out of memory|allocation failed|OOM/i.test(slot.stderr)
  );
}

export function parseInProcess(
  options: ParseOptions & ParseProcessLimits,
): Promise<ParsedDocument> {
  const { onProgress, timeoutMs, memoryMb, entryUrl, ...rest } = options;
  const input: ParseChildInput = rest;
  const entry = entryUrl ?? defaultParseChildUrl();
  const capMb = memoryMb ?? PARSE_MEMORY_MB;
  const cap = capMb * 1024 * 1024;
  const key = `${entry.href} ${capMb}`;
  const reused = idle.findIndex((s) => s.key === key);
  const slot = reused >= 0 ? (idle.splice(reused, 1)[0] as Slot) : spawnChild(entry, capMb, key);
  slot.child.ref();
  slot.child.channel?.ref();
  if (slot.child.stderr instanceof Socket) slot.child.stderr.ref();
  const id = nextId++;
  let peak = 0;

  return new Promise<ParsedDocument>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      release(slot, keep);
      outcome();
    };
    // Kept only if it stayed well clear of its limits: what a parse leaves behind stays with it.
    const fresh = (memory: ChildMemory) =>
      Math.max(peak, memory.rss) < (cap * 3) / 4 && memory.heapUsed < cap / 4;
    // Before the child has loaded, a failure is ours (a missing bundle file), not the file's.
    const lost = (what: string) =>
      slot.started
        ? new ParseFailure("damaged", DAMAGED)
        : new Error(`the parse process could not start: ${what}`);
    const timer = setTimeout(
      () => finish(() => reject(new ParseFailure("timeout", TIMEOUT_MESSAGE)), false),
      timeoutMs ?? PARSE_TIMEOUT_MS,
    );
    const watchdog = setInterval(() => {
      const pid = slot.child.pid;
      const rss = pid === undefined ? null : residentBytes(pid);
      if (rss === null) return;
      peak = Math.max(peak, rss);
      if (rss > cap) {
        slot.overMemory = true;
        slot.child.kill("SIGKILL");
      }
    }, WATCH_MS);
    slot.job = {
      id,
      onMessage: (message) => {
        if (message.type === "started" || message.id !== id) return;
        if (message.type === "progress") {
          if (!settled) onProgress?.(message.progress);
        } else if (message.type === "done")
          finish(() => resolve(message.document), fresh(message.memory));
        else
          finish(
            () => reject(new ParseFailure(message.code, message.message)),
            fresh(message.memory),
          );
      },
      onError: (error) => finish(() => reject(lost(error.message)), false),
      onExit: (code, signal) => {
        const failure = !slot.started
          ? lost(
              slot.overMemory
                ? "it needs more memory than its cap to load"
                : `exit ${code ?? signal}`,
            )
          : diedOfMemory(slot, code, signal)
            ? new ParseFailure("too_large", MEMORY_MESSAGE)
            : lost(`exit ${code ?? signal}`);
        finish(() => reject(failure), false);
      },
    };
    const message: ToParseChild = { type: "parse", id, input };
    const send = () =>
      slot.child.send(message, (error) => {
        if (error) finish(() => reject(lost(error.message)), false);
      });
    if (slot.started) send();
    else slot.onStarted = send;
  });
}
