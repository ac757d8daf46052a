import { Worker } from "node:worker_threads";
import type {
  ParsedDocument,
  ParseOptions,
} from "../../apps/server/src/integrations/document-text/types.ts";

/**
 * Bench-only baseline: parseDocument in one worker thread of this process, as ingestion ran it
 * before issue 23 (parse-worker.ts: a pooled worker_thread with a 512 MB heap). Kept here only to
 * compare the child process against it in the same run; never used by the server.
 */

const CODE = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { register } = await import(workerData.tsx);
  register();
  const { parseDocument } = await import(workerData.parse);
  parentPort.on("message", async ({ id, input }) => {
    try {
      parentPort.postMessage({ id, document: await parseDocument(input) });
    } catch (error) {
      parentPort.postMessage({ id, error: String(error && error.message) });
    }
  });
  parentPort.postMessage({ ready: true });
})();
`;

type Reply = { ready: true } | { id: number; document?: ParsedDocument; error?: string };

export interface ParseThread {
  parse: (input: Omit<ParseOptions, "onProgress">) => Promise<ParsedDocument>;
  close: () => Promise<void>;
}

export async function startParseThread(): Promise<ParseThread> {
  const worker = new Worker(CODE, {
    eval: true,
    workerData: {
      tsx: import.meta.resolve("tsx/esm/api"),
      parse: new URL("../../apps/server/src/integrations/document-text/parse.ts", import.meta.url)
        .href,
    },
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
  });
  const pending = new Map<number, (reply: Reply) => void>();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) resolve();
      else pending.get(reply.id)?.(reply);
    });
  });
  return {
    parse: (input) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, (reply) => {
          pending.delete(id);
          if ("document" in reply && reply.document) resolve(reply.document);
          else reject(new Error("error" in reply ? reply.error : "no reply"));
        });
        worker.postMessage({ id, input });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
