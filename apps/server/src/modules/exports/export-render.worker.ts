import { parentPort } from "node:worker_threads";
import { type RenderJob, renderHere } from "./export-render.ts";

/** The worker that makes large PDF and Word exports off the server's event loop (export-render.ts). */
parentPort?.on("message", async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const body = await renderHere(job);
    // A copy that owns its memory, handed over without another copy.
    const owned = new Uint8Array(body);
    parentPort?.postMessage({ id, body: owned }, [owned.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
