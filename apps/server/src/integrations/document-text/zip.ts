import { Inflate } from "fflate";
import { ParseFailure } from "./types.ts";

/**
 * A bounded ZIP reader for the container formats (DOCX, PPTX, XLSX, ODF, EPUB). The central
 * directory gives each entry's declared size; an entry is inflated in slices and stopped the moment
 * its output passes the declared size or the whole archive passes `maxExpandedBytes` (a lying
 * header or a zip bomb ends as "too_large"). Nothing is ever extracted to disk and nested archives
 * are never opened, so a quine (droste.zip) or a zip-slip name is just an entry we do not read.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// Small slices: one slice of a deflate bomb inflates to at most ~1,000× its size.
const SLICE = 4 * 1024;

export const DAMAGED_MESSAGE = "This file is damaged";

/** An OLE/CFB container: what a password-protected DOCX, XLSX or PPTX is (not a ZIP). */
export function isOle(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

/** "This spreadsheet is password-protected: …" for an encrypted Office file of that kind. */
export function protectedMessage(what: "document" | "spreadsheet" | "presentation"): string {
  return `This ${what} is password-protected: remove the password and upload it again`;
}
const TOO_LARGE_MESSAGE = "This file expands to more data than allowed";
/**
 * The largest part decoded as text (an XML part, a chapter): decoding and parsing XML takes many
 * times its size in memory, so a bigger one is refused from its declared size, before inflating.
 */
export const MAX_TEXT_PART_BYTES = 48 * 1024 * 1024;
export const PART_TOO_LARGE_MESSAGE = `This file has a part larger than allowed (${MAX_TEXT_PART_BYTES / 1024 / 1024} MB of text)`;

/** Refuses, from the central directory alone, a text part declared larger than MAX_TEXT_PART_BYTES. */
export function refuseLargeTextPart(entry: Pick<ZipEntry, "size">) {
  if (entry.size > MAX_TEXT_PART_BYTES) throw new ParseFailure("too_large", PART_TOO_LARGE_MESSAGE);
}

const damaged = () => new ParseFailure("damaged", DAMAGED_MESSAGE);

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function decodeName(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

/** The entries listed in the central directory, or null when the bytes hold none (truncated). */
export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const dv = view(bytes);
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (dv.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true);
  let at = dv.getUint32(eocd + 16, true);
  if (at + cdSize > bytes.length) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || dv.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push({
      method: dv.getUint16(at + 10, true),
      compressedSize: dv.getUint32(at + 20, true),
      size: dv.getUint32(at + 24, true),
      localOffset: dv.getUint32(at + 42, true),
      name: decodeName(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Entry names from local headers, as far as the bytes go (for a head without the directory). */
export function readLocalNames(bytes: Uint8Array, max = 64): string[] {
  const dv = view(bytes);
  const names: string[] = [];
  let at = 0;
  while (names.length < max && at + 30 <= bytes.length && dv.getUint32(at, true) === LOCAL) {
    const flags = dv.getUint16(at + 6, true);
    const compressedSize = dv.getUint32(at + 18, true);
    const nameLength = dv.getUint16(at + 26, true);
    const extraLength = dv.getUint16(at + 28, true);
    if (at + 30 + nameLength > bytes.length) break;
    names.push(decodeName(bytes.subarray(at + 30, at + 30 + nameLength)));
    // A data descriptor (flag bit 3) leaves the size unknown here: the walk stops.
    if (flags & 8) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

export interface ZipReader {
  names: string[];
  has: (name: string) => boolean;
  /** The entry's bytes, or null when there is no such entry. */
  read: (name: string) => Uint8Array | null;
  /** The entry as UTF-8 text, or null; "too_large" over MAX_TEXT_PART_BYTES (not inflated). */
  text: (name: string) => string | null;
}

/** Opens a container within `maxExpandedBytes` for all entries read together. */
export function openZip(bytes: Uint8Array, maxExpandedBytes: number): ZipReader {
  const entries = readCentralDirectory(bytes);
  if (!entries) throw damaged();
  const byName = new Map(entries.map((e) => [e.name, e]));
  let budget = maxExpandedBytes;
  const dv = view(bytes);

  const read = (name: string): Uint8Array | null => {
    const entry = byName.get(name);
    if (!entry) return null;
    if (entry.size > budget) throw new ParseFailure("too_large", TOO_LARGE_MESSAGE);
    const at = entry.localOffset;
    if (at + 30 > bytes.length || dv.getUint32(at, true) !== LOCAL) throw damaged();
    const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > bytes.length) throw damaged();
    const data = bytes.subarray(start, end);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw damaged();
      budget -= data.length;
      return data;
    }
    if (entry.method !== 8) throw damaged();
    const out = new Uint8Array(entry.size);
    let written = 0;
    let overflow = false;
    const inflate = new Inflate((chunk) => {
      if (written + chunk.length > entry.size) {
        overflow = true;
        return;
      }
      out.set(chunk, written);
      written += chunk.length;
    });
    try {
      for (let i = 0; i < data.length && !overflow; i += SLICE) {
        inflate.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
      }
    } catch {
      throw damaged();
    }
    // More output than the header declared: a lying header is refused, not trusted.
    if (overflow) throw new ParseFailure("too_large", TOO_LARGE_MESSAGE);
    if (written !== entry.size) throw damaged();
    budget -= written;
    return out;
  };

  return {
    names: entries.map((e) => e.name),
    has: (name) => byName.has(name),
    read,
    text: (name) => {
      const entry = byName.get(name);
      if (entry) refuseLargeTextPart(entry);
      const data = read(name);
      return data ? new TextDecoder("utf-8").decode(data) : null;
    },
  };
}
