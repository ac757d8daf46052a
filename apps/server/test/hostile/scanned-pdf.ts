import { zlibSync } from "fflate";

/**
 * A hostile "scan": a small PDF (~340 KB at 2,000 pages) whose every page is one picture and no
 * text layer, all pages drawing the same image XObject with the same content stream. The picture holds the word HELLO in big
 * block letters, so OCR finds text on any page it reads. Written by hand: objects, a
 * Flate-compressed streams (fflate), a classic xref table.
 */

/** 5 × 7 dot glyphs. */
const GLYPHS: Record<string, string[]> = {
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
};
const WORD = "HELLO";
const DOT = 6;
const MARGIN = 24;

/** An 8-bit grey image of WORD: black dots on white. */
function wordImage(): { width: number; height: number; pixels: Uint8Array } {
  const width = MARGIN * 2 + WORD.length * 6 * DOT;
  const height = MARGIN * 2 + 7 * DOT;
  const pixels = new Uint8Array(width * height).fill(255);
  [...WORD].forEach((letter, index) => {
    const rows = GLYPHS[letter] ?? [];
    rows.forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit !== "1") return;
        for (let dy = 0; dy < DOT; dy++)
          for (let dx = 0; dx < DOT; dx++) {
            const px = MARGIN + (index * 6 + x) * DOT + dx;
            const py = MARGIN + y * DOT + dy;
            pixels[py * width + px] = 0;
          }
      });
    });
  });
  return { width, height, pixels };
}

export function scannedPdf(pageCount = 2_000): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, dictionary: string, stream?: Uint8Array) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${dictionary}`);
    if (stream) {
      write("\nstream\n");
      write(stream);
      write("\nendstream");
    }
    write("\nendobj\n");
  };
  // 1: catalog, 2: pages, 3: the image, 4: the content stream every page shares; then the pages.
  const pageId = (i: number) => 5 + i;
  const kids = Array.from({ length: pageCount }, (_, i) => `${pageId(i)} 0 R`).join(" ");
  write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, `<< /Type /Pages /Count ${pageCount} /Kids [${kids}] >>`);
  const image = wordImage();
  const imageData = zlibSync(image.pixels);
  object(
    3,
    `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${imageData.length} >>`,
    imageData,
  );
  const content = zlibSync(encoder.encode("q 400 0 0 100 106 600 cm /Im0 Do Q"));
  object(4, `<< /Filter /FlateDecode /Length ${content.length} >>`, content);
  for (let i = 0; i < pageCount; i++)
    object(
      pageId(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 3 0 R >> >> /Contents 4 0 R >>`,
    );
  const count = pageId(pageCount);
  const xref = length;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++)
    write(`${String(offsets[id] ?? 0).padStart(10, "0")} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
