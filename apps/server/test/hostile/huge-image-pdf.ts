import { once } from "node:events";
import zlib from "node:zlib";

/**
 * A one-page PDF holding one 16,000 × 16,000 RGB image (768 MB decoded, ~745 KB in the file): the
 * kind that took the server from 0.24 GB to 4.86 GB of RSS (issue 23). Written by hand: the image
 * is a FlateDecode stream of one grey value, deflated by zlib in row-sized writes (never held whole).
 */

export const HUGE_IMAGE_SIDE = 16_000;

async function deflatedRows(side: number): Promise<Buffer> {
  const stream = zlib.createDeflate({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = once(stream, "end");
  const row = Buffer.alloc(side * 3, 0x80);
  for (let y = 0; y < side; y++) if (!stream.write(row)) await once(stream, "drain");
  stream.end();
  await done;
  return Buffer.concat(out);
}

export async function hugeImagePdf(side = HUGE_IMAGE_SIDE): Promise<Uint8Array> {
  const image = await deflatedRows(side);
  const content = Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q\n", "latin1");
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from("\nendstream"),
    ]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
      ),
      image,
      Buffer.from("\nendstream"),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      body,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}
