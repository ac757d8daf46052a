import { Worker } from "node:worker_threads";
import { exportDocx } from "./export-docx.ts";
import { exportPdf } from "./export-pdf.ts";

/** What a PDF or Word export is made from: the Markdown pieces and the title. */
export interface RenderJob {
  format: "pdf" | "docx";
  chunks: readonly string[];
  title: string;
}

/**
 * How much Markdown makes an export render in a worker thread: pdfmake's layout and docx's
 * packing each run in one synchronous stretch (a 100-turn thread: 1–2 s of CPU, bench/export.ts),
 * which the server's event loop must not wait through. Smaller exports are made in place (a
 * worker's start costs more than they do).
 */
export const OFF_THREAD_CHARS = 40_000;

export function renderHere(job: RenderJob): Promise<Buffer> {
  return job.format === "pdf"
    ? exportPdf(job.chunks, job.title)
    : exportDocx(job.chunks, job.title);
}

function workerUrl(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./export-render.worker-source.mjs", import.meta.url)
    : new URL("./export-render-worker.js", import.meta.url); // the bundle's entry, beside main.js
}

/** Renders in a worker thread of its own (ended when done), with a memory limit. */
export function renderOffThread(job: RenderJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
    });
    let done = false;
    worker.once("message", (body: Uint8Array) => {
      done = true;
      resolve(body);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      done = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!done) reject(new Error(`the export worker ended (exit code ${code})`));
    });
  });
}

/** A PDF or Word export: in place when small, else in a worker thread. */
export async function renderFile(job: RenderJob): Promise<Uint8Array> {
  const size = job.chunks.reduce((n, c) => n + c.length, 0);
  return size <= OFF_THREAD_CHARS ? renderHere(job) : renderOffThread(job);
}
