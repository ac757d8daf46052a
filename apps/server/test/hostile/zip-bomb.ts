import { once } from "node:events";
import zlib from "node:zlib";

/**
 * Zip-bomb DOCX files like the ones that took the server down (issue 23): 266–490 KB each, whose
 * word/document.xml expands to 260–480 MB of XML. The XML is deflated at level 9 by zlib, streamed
 * in 1 MiB writes, and the ZIP around it written here, so making one never holds its expansion in
 * this process (the tests measure this process's memory).
 */

const MIB = 1024 * 1024;
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
// One text run of "bomb" repeated: a period of 4 bytes is what deflate compresses best (~1,000×).
const RUN = "bomb";
const TAIL = "</w:t></w:r></w:p></w:body></w:document>";

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++)
    c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  data: Buffer;
  offset: number;
}

/** Deflates the pieces in order (a piece with a count is written that many times). */
async function deflate(
  pieces: Array<[Uint8Array, number]>,
): Promise<Omit<Entry, "name" | "offset">> {
  const stream = zlib.createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = once(stream, "end");
  let crc = 0;
  let size = 0;
  for (const [bytes, count] of pieces) {
    for (let i = 0; i < count; i++) {
      crc = crc32(crc, bytes);
      size += bytes.length;
      if (!stream.write(bytes)) await once(stream, "drain");
    }
  }
  stream.end();
  await done;
  return { crc, size, data: Buffer.concat(out) };
}

function zip(entries: Entry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    entry.offset = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(entry.name.length, 26);
    locals.push(local, entry.name, entry.data);
    offset += 30 + entry.name.length + entry.data.length;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(entry.offset, 42);
    centrals.push(central, entry.name);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A DOCX whose word/document.xml is about `expandedMb` MiB: one paragraph of repeated text. */
export async function zipBombDocx(expandedMb: number): Promise<Uint8Array> {
  const text = (s: string): [Uint8Array, number] => [Buffer.from(s, "utf8"), 1];
  const slice = Buffer.from(RUN.repeat(Math.floor(MIB / RUN.length)), "utf8");
  const document = await deflate([text(HEAD), [slice, expandedMb], text(TAIL)]);
  const named = async (name: string, s: string): Promise<Entry> => ({
    name: Buffer.from(name),
    offset: 0,
    ...(await deflate([text(s)])),
  });
  return zip([
    await named("[Content_Types].xml", CONTENT_TYPES),
    await named("_rels/.rels", RELS),
    { name: Buffer.from("word/document.xml"), offset: 0, ...document },
  ]);
}

/** The sequence of the report: 260 to 480 MiB of XML each. */
export const ZIP_BOMB_SEQUENCE_MB = [260, 330, 400, 480];
