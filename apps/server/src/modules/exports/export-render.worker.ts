import { parentPort, workerData } from "node:worker_threads";
import { type RenderJob, renderHere } from "./export-render.ts";

/** A PDF or Word export made off the server's event loop (export-render.ts renderFile). */
const job = workerData as RenderJob;
const body = await renderHere(job);
// A copy that owns its memory, handed over without another copy.
const owned = new Uint8Array(body);
parentPort?.postMessage(owned, [owned.buffer]);
