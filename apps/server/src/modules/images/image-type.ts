import { imageSize } from "image-size";

/** The image types the proxy serves, by their first bytes (never by the origin's content-type). */
export type ImageType =
  | "image/png"
  | "image/jpeg"
  | "image/gif"
  | "image/webp"
  | "image/avif"
  | "image/x-icon";

const startsWith = (body: Buffer, bytes: readonly number[], at = 0) =>
  body.length >= at + bytes.length && bytes.every((b, i) => body[at + i] === b);
const ascii = (body: Buffer, start: number, end: number) =>
  body.length >= end ? body.toString("latin1", start, end) : "";

/** The type the bytes say, or null (SVG, HTML, anything else: not served). */
export function sniffImageType(body: Buffer): ImageType | null {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(body, [0xff, 0xd8, 0xff])) return "image/jpeg";
  const gif = ascii(body, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "image/gif";
  if (ascii(body, 0, 4) === "RIFF" && ascii(body, 8, 12) === "WEBP") return "image/webp";
  if (ascii(body, 4, 8) === "ftyp") {
    const box = Math.min(body.readUInt32BE(0), body.length, 64);
    for (let at = 8; at + 4 <= box; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(body, at, at + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
    return null;
  }
  if (startsWith(body, [0x00, 0x00, 0x01, 0x00]) && body.length >= 22) return "image/x-icon";
  return null;
}

/** Width × height of the largest picture in the file, or null when it cannot be read. */
export function pixelsOf(body: Buffer): number | null {
  try {
    const size = imageSize(body);
    const all = size.images && size.images.length > 0 ? size.images : [size];
    let most = 0;
    for (const image of all) most = Math.max(most, image.width * image.height);
    return Number.isFinite(most) && most > 0 ? most : null;
  } catch {
    return null;
  }
}
