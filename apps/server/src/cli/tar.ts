/**
 * A minimal POSIX tar (ustar, with pax `path` records for long names) writer and reader, so a
 * backup is one archive `tar -tvf` can list, without a dependency. Regular files and directories
 * only; sizes are taken from the caller, and a file that shrinks while it is read is padded with
 * zeros (PostgreSQL's WAL replay repairs torn relation files, as with pg_basebackup).
 */
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const BLOCK = 512;

export interface TarEntry {
  name: string;
  type: "file" | "directory";
  mode: number;
  size: number;
  /** Offset of the entry's bytes in the archive (files). */
  offset: number;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, type: "0" | "5" | "x", mode: number, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`, "utf8");
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Appends entries to a stream; `end()` writes the two zero blocks that close the archive. */
export class TarWriter {
  constructor(private readonly out: WriteStream) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk))
      await new Promise<void>((resolve) => this.out.once("drain", () => resolve()));
  }

  private async head(name: string, type: "0" | "5", mode: number, size: number): Promise<void> {
    if (Buffer.byteLength(name) > 100) {
      const pax = paxRecord("path", name);
      await this.write(header("PaxHeader", "x", 0o644, pax.length));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header(name, type, mode, size));
  }

  async directory(name: string, mode = 0o700): Promise<void> {
    await this.head(name.endsWith("/") ? name : `${name}/`, "5", mode, 0);
  }

  async bytes(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.head(name, "0", mode, data.length);
    await this.write(Buffer.concat([data, padding(data.length)]));
  }

  /** Adds a file from disk; false when it vanished before it could be opened. */
  async file(name: string, source: string, mode = 0o600): Promise<boolean> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(source, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      await this.head(name, "0", mode, size);
      const buffer = Buffer.alloc(1024 * 1024);
      let done = 0;
      while (done < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - done));
        if (bytesRead === 0) {
          await this.write(Buffer.alloc(size - done)); // shrank while read
          break;
        }
        await this.write(Buffer.from(buffer.subarray(0, bytesRead)));
        done += bytesRead;
      }
      await this.write(padding(size));
      return true;
    } finally {
      await handle.close();
    }
  }

  async end(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.out.once("error", reject);
      this.out.end(resolve);
    });
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function paxPath(data: Buffer): string | undefined {
  let rest = data.toString("utf8");
  while (rest.length > 0) {
    const space = rest.indexOf(" ");
    const length = Number.parseInt(rest.slice(0, space), 10);
    if (!Number.isInteger(length) || length <= 0) return undefined;
    const record = rest.slice(space + 1, length - 1);
    if (record.startsWith("path=")) return record.slice(5);
    rest = rest.slice(length);
  }
  return undefined;
}

/** Lists the entries of an archive written by TarWriter (or any ustar/pax tar of files and dirs). */
export async function readTar(file: string): Promise<TarEntry[]> {
  const handle = await fs.open(file, "r");
  try {
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    let longName: string | undefined;
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK || block.every((b) => b === 0)) break;
      const size = Number.parseInt(field(block, 124, 12).trim() || "0", 8);
      const type = field(block, 156, 1);
      const prefix = field(block, 345, 155);
      const base = field(block, 0, 100);
      const dataOffset = offset + BLOCK;
      offset = dataOffset + size + ((BLOCK - (size % BLOCK)) % BLOCK);
      if (type === "x") {
        const data = Buffer.alloc(size);
        await handle.read(data, 0, size, dataOffset);
        longName = paxPath(data);
        continue;
      }
      const name = longName ?? (prefix ? `${prefix}/${base}` : base);
      longName = undefined;
      const mode = Number.parseInt(field(block, 100, 8).trim() || "0", 8);
      if (type === "5")
        entries.push({ name, type: "directory", mode, size: 0, offset: dataOffset });
      else if (type === "0" || type === "")
        entries.push({ name, type: "file", mode, size, offset: dataOffset });
    }
    return entries;
  } finally {
    await handle.close();
  }
}

export async function readEntryBytes(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await fs.open(file, "r");
  try {
    const data = Buffer.alloc(entry.size);
    await handle.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await handle.close();
  }
}

/** Streams one file entry of the archive (an empty stream for an empty file). */
export function entryStream(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** Writes one file entry of the archive to `target` (created; never overwritten). */
export async function extractEntry(file: string, entry: TarEntry, target: string): Promise<void> {
  await pipeline(
    entryStream(file, entry),
    createWriteStream(target, { flags: "wx", mode: entry.mode & 0o777 || 0o600 }),
  );
}
