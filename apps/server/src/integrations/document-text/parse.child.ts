import { parseDocument } from "./parse.ts";
import type { ParseOptions } from "./types.ts";
import { ParseFailure } from "./types.ts";

/**
 * A parse child process (started by parse-process.ts with a heap limit, an address-space limit
 * and an RSS watchdog; killed on a time or memory overrun): parses the documents it is sent over
 * IPC, one at a time, posting progress and then the result or the failure, each with its memory
 * use so the parent can decide whether to keep it. It exits when the parent goes away (the IPC
 * channel disconnects), so an orphan never lingers.
 */

export type ParseChildInput = Omit<ParseOptions, "onProgress">;

export type ToParseChild = { type: "parse"; id: number; input: ParseChildInput };

/** After a parse: the child's resident set and V8 heap in use, in bytes. */
export interface ChildMemory {
  rss: number;
  heapUsed: number;
}

export type FromParseChild =
  | { type: "started" }
  | {
      type: "progress";
      id: number;
      progress: Parameters<NonNullable<ParseOptions["onProgress"]>>[0];
    }
  | {
      type: "done";
      id: number;
      document: Awaited<ReturnType<typeof parseDocument>>;
      memory: ChildMemory;
    }
  | {
      type: "failed";
      id: number;
      code: ParseFailure["code"];
      message: string;
      memory: ChildMemory;
    };

const memory = (): ChildMemory => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

const send = process.send?.bind(process);
if (send) {
  const post = (message: FromParseChild) => send(message);
  process.on("disconnect", () => process.exit(0));
  process.on("message", async (message: ToParseChild) => {
    if (message.type !== "parse") return;
    const { id, input } = message;
    try {
      const document = await parseDocument({
        ...input,
        onProgress: (progress) => post({ type: "progress", id, progress }),
      });
      post({ type: "done", id, document, memory: memory() });
    } catch (error) {
      const failure =
        error instanceof ParseFailure ? error : new ParseFailure("damaged", "This file is damaged");
      post({ type: "failed", id, code: failure.code, message: failure.message, memory: memory() });
    }
  });
  post({ type: "started" });
}
