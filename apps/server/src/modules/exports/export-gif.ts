import { crc32, deflateSync } from "node:zlib";
import { GifReader } from "omggif";
import type { EmbeddedImage, ExportImages } from "./export-images.ts";

/**
 * GIF in PDF exports (issue 40): pdfmake draws PNG and JPEG only, so a GIF's first frame is
 * decoded (omggif, pure JavaScript: a malformed file throws, it cannot crash the process) and
 * written as a PNG (node:zlib), with its transparency. Run where the export renders: the export
 * worker (export-render.ts sends a PDF with a GIF there).
 */

/** Pixels a GIF may have to be drawn (its first frame is decoded whole, 4 bytes a pixel). */
export const GIF_MAX_PIXELS = 4096 * 4096;

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** An 8-bit RGBA PNG of `rgba` (rows unfiltered). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  const row = width * 4;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++)
    raw.set(rgba.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** A GIF's first frame as a PNG, or null when it cannot be read (or is too large to draw). */
export function gifFirstFrameAsPng(bytes: Uint8Array): EmbeddedImage | null {
  try {
    const reader = new GifReader(bytes);
    const { width, height } = reader;
    if (width < 1 || height < 1 || width * height > GIF_MAX_PIXELS || reader.numFrames() < 1)
      return null;
    const rgba = new Uint8Array(width * height * 4);
    reader.decodeAndBlitFrameRGBA(0, rgba);
    return { type: "png", bytes: encodePng(width, height, rgba), width, height };
  } catch {
    return null;
  }
}

/**
 * The images as a PDF can draw them: each GIF's first frame as a PNG; a GIF that cannot be read
 * becomes a link with `gifNote` (the export's words).
 */
export function drawableInPdf(images: ExportImages, gifNote: string): ExportImages {
  const gifs = Object.entries(images.embed).filter(([, image]) => image.type === "gif");
  if (gifs.length === 0) return images;
  const embed = { ...images.embed };
  const notes = { ...images.notes };
  for (const [url, gif] of gifs) {
    const png = gifFirstFrameAsPng(gif.bytes);
    if (png) embed[url] = png;
    else {
      delete embed[url];
      notes[url] = gifNote;
    }
  }
  return { ...images, embed, notes };
}

/** Whether a PDF of these images has a GIF to decode. */
export function hasGif(images: ExportImages | undefined): boolean {
  return Object.values(images?.embed ?? {}).some((image) => image.type === "gif");
}
