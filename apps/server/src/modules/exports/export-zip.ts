import { crc32 } from "node:zlib";
import type { HistoryExportEntry } from "@nexus/contracts";
import { Deflate, deflateSync, strToU8, Zip, type ZipInputFile, ZipPassThrough } from "fflate";

/** One file of a ZIP page: its name in the archive and its text. */
export interface ZipFile {
  name: string;
  text: string;
  entry: HistoryExportEntry;
}

/** Bytes compressed already (raw DEFLATE) with the CRC and size of what they were made from. */
export interface DeflatedBytes {
  chunks: readonly Uint8Array[];
  crc: number;
  size: number;
}

/**
 * A file of an archive: text (compressed), bytes read as they are written (stored as they are:
 * a person's files are PDFs, images and office files, compressed already), or bytes deflated
 * already (the history ZIP's index, compressed as it grew).
 */
export type ZipEntry =
  | { name: string; text: string }
  | { name: string; bytes: () => AsyncIterable<Uint8Array> }
  | { name: string; deflated: DeflatedBytes };

/** Deflate settings of every text file: a small window (each file is a few KB). */
const DEFLATE = { level: 6, mem: 4 } as const;

/**
 * A deflated file as fflate's Zip takes it (its public ZipInputFile): Zip keeps this object for
 * the central directory until the archive ends, so it is only the name, CRC and sizes — not a
 * compression stream with its state and callbacks (ZipDeflate), which Zip kept for every file of
 * the archive (about 1.3 KB a file; bench/export.ts's heap per 1,000 threads).
 */
function addDeflated(zip: Zip, name: string, data: DeflatedBytes): void {
  const file: ZipInputFile = { filename: name, size: data.size, crc: data.crc, compression: 8 };
  zip.add(file);
  const last = data.chunks.length - 1;
  if (last < 0) file.ondata?.(null, new Uint8Array(0), true);
  data.chunks.forEach((chunk, i) => {
    file.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, i === last);
  });
}

/**
 * A ZIP streamed: each time the reader wants more, the next page of entries is asked for,
 * compressed and handed on (fflate's streaming Zip), so only a page and its compressed bytes are
 * held, plus the central directory's record of each file written (a file's bytes pass through as
 * they are read). `nextPage` returns null after the last page.
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
      const raw = strToU8(entry.text);
      const chunks = [deflateSync(raw, DEFLATE)];
      addDeflated(zip, entry.name, { chunks, crc: crc32(raw), size: raw.length });
      return;
    }
    if ("deflated" in entry) {
      addDeflated(zip, entry.name, entry.deflated);
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
 * `index.json` written as its entries come: the same text as `JSON.stringify(entries, null, 2)`,
 * deflated piece by piece, so what is held per thread is its compressed share (tens of bytes),
 * not the entry.
 */
function indexWriter(): { add: (entry: HistoryExportEntry) => void; end: () => DeflatedBytes } {
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 6 }, (chunk) => {
    if (chunk.length > 0) chunks.push(chunk);
  });
  let crc = 0;
  let size = 0;
  let count = 0;
  const write = (text: string, final = false) => {
    const bytes = strToU8(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    deflate.push(bytes, final);
  };
  return {
    add(entry) {
      const item = JSON.stringify(entry, null, 2).replace(/\n/g, "\n  ");
      write(`${count === 0 ? "[\n" : ",\n"}  ${item}`);
      count++;
    },
    end() {
      write(count === 0 ? "[]\n" : "\n]\n", true);
      return { chunks, crc, size };
    },
  };
}

/**
 * A ZIP of Markdown files and an `index.json`, streamed (zipEntries): plus the index's small
 * entries (id, kind, title, dates, file name), compressed as they come and written last.
 * `nextPage` returns null after the last page.
 */
export function zipStream(nextPage: () => Promise<ZipFile[] | null>): ReadableStream<Uint8Array> {
  const index = indexWriter();
  let ended = false;
  return zipEntries(async () => {
    if (ended) return null;
    const page = await nextPage();
    if (page === null) {
      ended = true;
      return [{ name: "index.json", deflated: index.end() }];
    }
    for (const file of page) index.add(file.entry);
    return page;
  });
}
