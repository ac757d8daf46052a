import chardet from "chardet";
import iconv from "iconv-lite";

/**
 * Bytes to text in any encoding: a BOM decides; else strict UTF-8; else chardet when it is sure of
 * a non-Latin script (Arabic, Greek, Hebrew, CJK multi-byte…); else a Cyrillic check of our own
 * (chardet does not know CP866 and misreads short Cyrillic); else windows-1252. A charset that the
 * file declares (an HTML meta) is not trusted: it is often wrong.
 */

const LATIN = /^(ASCII|UTF-8|ISO-8859-(1|2|3|4|9|10|13|14|15|16)|windows-125[02347])$/i;
const CYRILLIC = ["cp866", "windows-1251", "koi8-r", "iso-8859-5"];

function bomDecode(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return null;
}

/** How Russian-like a decoding is: non-ASCII characters that are Cyrillic, in well-cased words. */
function cyrillicScore(text: string): number {
  let nonAscii = 0;
  let cyrillic = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) continue;
    nonAscii++;
    if (code >= 0x410 && code <= 0x44f) cyrillic++;
  }
  if (nonAscii === 0 || cyrillic / nonAscii < 0.8) return 0;
  const words = text.match(/[\u0410-\u044f]{3,}/g) ?? [];
  if (words.length < 3) return 0;
  const wellCased = words.filter((w) => /^[\u0410-\u044f][\u0430-\u044f]+$/.test(w)).length;
  return wellCased / words.length;
}

export function decodeText(bytes: Uint8Array): string {
  const bom = bomDecode(bytes);
  if (bom !== null) return bom;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: guess below
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sample = buffer.subarray(0, 256 * 1024);
  const top = chardet.analyse(sample)[0];
  if (top && top.confidence >= 30 && !LATIN.test(top.name) && iconv.encodingExists(top.name)) {
    return iconv.decode(buffer, top.name);
  }
  let best: { name: string; score: number } | null = null;
  for (const name of CYRILLIC) {
    const score = cyrillicScore(iconv.decode(sample, name));
    if (score >= 0.8 && (!best || score > best.score)) best = { name, score };
  }
  return iconv.decode(buffer, best?.name ?? "windows-1252");
}
