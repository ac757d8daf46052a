import { parentPort } from "node:worker_threads";
import { parseDocument } from "./parse.ts";
import type { ParseOptions } from "./types.ts";
import { ParseFailure } from "./types.ts";

/**
 * A parse worker thread (started by parse-worker.ts with heap limits; terminated on a time
 * overrun): parses the documents it is sent, one at a time, posting progress and then the result
 * or the failure. A worker that ended a parse normally may be given the next one.
 */

export type ParseWorkerInput = Omit<ParseOptions, "onProgress">;

export type ToParseWorker = { type: "parse"; id: number; input: ParseWorkerInput };

export type FromParseWorker =
  | { type: "started" }
  | {
      type: "progress";
      id: number;
      progress: Parameters<NonNullable<ParseOptions["onProgress"]>>[0];
    }
  | { type: "done"; id: number; document: Awaited<ReturnType<typeof parseDocument>> }
  | { type: "failed"; id: number; code: ParseFailure["code"]; message: string };

const port = parentPort;
if (port) {
  const post = (message: FromParseWorker) => port.postMessage(message);
  port.on("message", async (message: ToParseWorker) => {
    if (message.type !== "parse") return;
    const { id, input } = message;
    try {
      const document = await parseDocument({
        ...input,
        onProgress: (progress) => post({ type: "progress", id, progress }),
      });
      post({ type: "done", id, document });
    } catch (error) {
      const failure =
        error instanceof ParseFailure ? error : new ParseFailure("damaged", "This file is damaged");
      post({ type: "failed", id, code: failure.code, message: failure.message });
    }
  });
  post({ type: "started" });
}
