import { Worker } from "node:worker_threads";
import { exportDocx } from "./export-docx.ts";
import { hasGif } from "./export-gif.ts";
import { type ExportImages, imageBytes } from "./export-images.ts";
import { exportPdf } from "./export-pdf.ts";

/** What a PDF or Word export is made from: the Markdown pieces and the title. */
export interface RenderJob {
  format: "pdf" | "docx";
  chunks: readonly string[];
  title: string;
  /** The images it embeds (a NexDocs document's own), by their address in the Markdown. */
  images?: ExportImages;
}

/**
 * How much Markdown makes an export render in a worker thread: pdfmake's layout and docx's
 * packing each run in one synchronous stretch (a 100-turn thread: 1–2 s of CPU, bench/export.ts),
 * which the server's event loop must not wait through. Smaller exports are made in place (a
 * worker's start costs more than they do).
 */
export const OFF_THREAD_CHARS = 40_000;

/** How many bytes of embedded images make an export render in the worker (decoding them is CPU). */
export const OFF_THREAD_IMAGE_BYTES = 1024 * 1024;

export function renderHere(job: RenderJob): Promise<Buffer> {
  return job.format === "pdf"
    ? exportPdf(job.chunks, job.title, job.images)
    : exportDocx(job.chunks, job.title, job.images);
}

function workerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./export-render.worker-source.mjs", import.meta.url)
    : new URL("./export-render-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

interface Pending {
  resolve: (body: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * One worker, started on the first large export and kept (it holds no state: a cache of loaded
 * code, lost with no harm); it does not keep the process alive while idle. A worker that dies
 * fails the exports it was making, and the next export starts another.
 */
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function renderWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerUrl(), {
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  });
  started.on("message", (message: { id: number; body?: Uint8Array; error?: string }) => {
    const p = pending.get(message.id);
    if (!p) return;
    pending.delete(message.id);
    if (message.body) p.resolve(message.body);
    else p.reject(new Error(message.error ?? "the export failed"));
    if (pending.size === 0) started.unref();
  });
  started.on("error", (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on("exit", (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`the export worker ended (exit code ${code})`));
  });
  started.unref();
  worker = started;
  return started;
}

/** Renders in the export worker thread. */
export function renderOffThread(job: RenderJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const target = renderWorker();
    const id = nextId++;
    pending.set(id, { resolve, reject });
    target.ref();
    target.postMessage({ id, job });
  });
}

/**
 * A PDF or Word export: in place when small, else in a worker thread — and always there for a PDF
 * with a GIF, whose frame is decoded from untrusted bytes (export-gif.ts).
 */
export async function renderFile(job: RenderJob): Promise<Uint8Array> {
  const size = job.chunks.reduce((n, c) => n + c.length, 0);
  const small = size <= OFF_THREAD_CHARS && imageBytes(job.images) <= OFF_THREAD_IMAGE_BYTES;
  return small && !(job.format === "pdf" && hasGif(job.images))
    ? renderHere(job)
    : renderOffThread(job);
}
