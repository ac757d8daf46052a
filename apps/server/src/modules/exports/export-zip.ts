import type { HistoryExportEntry } from "@nexus/contracts";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** One file of a ZIP page: its name in the archive and its text. */
export interface ZipFile {
  name: string;
  text: string;
  entry: HistoryExportEntry;
}

/**
 * A file of an archive: text (compressed), or bytes read as they are written (stored as they are:
 * a person's files are PDFs, images and office files, compressed already).
 */
export type ZipEntry =
  | { name: string; text: string }
  | { name: string; bytes: () => AsyncIterable<Uint8Array> };

/**
 * A ZIP streamed: each time the reader wants more, the next page of entries is asked for,
 * compressed (fflate's streaming Zip) and handed on, so only a page and its compressed bytes are
 * ever held (a file's bytes pass through as they are read). `nextPage` returns null after the
 * last page.
 */
export function zipEntries(nextPage: () => Promise<ZipEntry[] | null>): ReadableStream<Uint8Array> {
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
  const add = async (entry: ZipEntry) => {
    if ("text" in entry) {
      // mem 4: a small window per file (each file is a few KB; the default allocates far more,
      // per file, than a thread's Markdown needs).
      const file = new ZipDeflate(entry.name, { level: 6, mem: 4 });
      zip.add(file);
      file.push(strToU8(entry.text), true);
      return;
    }
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    for await (const chunk of entry.bytes()) file.push(chunk, false);
    file.push(new Uint8Array(0), true);
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
            zip.end();
          } else for (const entry of page) await add(entry);
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

/**
 * A ZIP of Markdown files and an `index.json`, streamed (zipEntries): plus the index's small
 * entries (id, kind, title, dates, file name), written last. `nextPage` returns null after the
 * last page.
 */
export function zipStream(nextPage: () => Promise<ZipFile[] | null>): ReadableStream<Uint8Array> {
  const index: HistoryExportEntry[] = [];
  let ended = false;
  return zipEntries(async () => {
    if (ended) return null;
    const page = await nextPage();
    if (page === null) {
      ended = true;
      return [{ name: "index.json", text: `${JSON.stringify(index, null, 2)}\n` }];
    }
    for (const file of page) index.push(file.entry);
    return page;
  });
}
