// TEMPORARY (files-core): runs parseDocument in this thread with a time limit, until the
// files-parse branch lands the worker-thread version (memory limits, terminate on overrun).
import { parseDocument } from "./parse.ts";
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";

export async function parseInWorker(
  options: ParseOptions & { timeoutMs: number },
): Promise<ParsedDocument> {
  const { timeoutMs, ...parse } = options;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ParseFailure("timeout", "Reading this file took too long.")),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([parseDocument(parse), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
