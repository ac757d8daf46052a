import type { HistoryExportEntry } from "@nexus/contracts";
import { strToU8, Zip, ZipDeflate } from "fflate";

/** One file of a ZIP page: its name in the archive and its text. */
export interface ZipFile {
  name: string;
  text: string;
  entry: HistoryExportEntry;
}

/**
 * A ZIP of Markdown files and an `index.json`, streamed: each time the reader wants more, the next
 * page of files is asked for, compressed (fflate's streaming Zip) and handed on, so only a page of
 * threads and its compressed bytes are ever held — plus the index's small entries (id, kind,
 * title, dates, file name), written last. `nextPage` returns null after the last page.
 */
export function zipStream(nextPage: () => Promise<ZipFile[] | null>): ReadableStream<Uint8Array> {
  const index: HistoryExportEntry[] = [];
  let out: ReadableStreamDefaultController<Uint8Array> | null = null;
  let failed: Error | null = null;
  let done = false;
  let sent = 0;
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else if (chunk.length > 0) {
      sent++;
      out?.enqueue(chunk);
    }
    if (final && !error) out?.close();
  });
  const add = (name: string, text: string) => {
    // mem 4: a small window per file (each file is a few KB; the default allocates far more,
    // per file, than a thread's Markdown needs).
    const file = new ZipDeflate(name, { level: 6, mem: 4 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        out = controller;
        const before = sent;
        // Until something is handed on (a page may compress to nothing yet) or the end.
        while (sent === before && !done && !failed) {
          const page = await nextPage();
          if (page === null) {
            done = true;
            add("index.json", `${JSON.stringify(index, null, 2)}\n`);
            zip.end();
          } else
            for (const file of page) {
              add(file.name, file.text);
              index.push(file.entry);
            }
        }
        if (failed) controller.error(failed);
      },
      cancel() {
        zip.terminate();
      },
    },
    { highWaterMark: 0 },
  );
}
