import { parentPort } from "node:worker_threads";
import { type PageText, type PageTextInput, pageText } from "./page-text.ts";

/**
 * A page-text worker (page-text-pool.ts): turns the HTML it is sent into readable text, one page
 * at a time. The pool terminates it when a page takes longer than its limit, so nothing here needs
 * to be interruptible.
 */

export type ToPageTextWorker = { id: number; input: PageTextInput };

export type FromPageTextWorker =
  | { type: "ready" }
  | { type: "done"; id: number; result: PageText }
  | { type: "failed"; id: number; message: string };

const port = parentPort;
if (!port) throw new Error("page-text.worker.ts runs as a worker thread");
port.on("message", ({ id, input }: ToPageTextWorker) => {
  let reply: FromPageTextWorker;
  try {
    reply = { type: "done", id, result: pageText(input) };
  } catch (error) {
    reply = { type: "failed", id, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ type: "ready" } satisfies FromPageTextWorker);
