import { imageSize } from "image-size";

/**
 * Raster images by their magic bytes (PNG, JPEG, WebP, GIF as files; AVIF and icons for the image
 * proxy), with the size when the header says. SVG is never an image here: it is a document that
 * can hold script.
 */

/** Image types by their first bytes (the proxy serves these; never by an origin's content-type). */
export type SniffedImageType =
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
export function sniffImageType(body: Buffer): SniffedImageType | null {
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

/** An image a person's file can be (generated images, the inline view route). */
export interface ImageType {
  /** The files row's kind (one of contracts' IMAGE_FILE_KINDS). */
  kind: "png" | "jpeg" | "webp" | "gif";
  mediaType: string;
  extension: string;
  width?: number;
  height?: number;
}

const FILE_IMAGES: Partial<Record<SniffedImageType, Omit<ImageType, "mediaType">>> = {
  "image/png": { kind: "png", extension: "png" },
  "image/jpeg": { kind: "jpeg", extension: "jpg" },
  "image/webp": { kind: "webp", extension: "webp" },
  "image/gif": { kind: "gif", extension: "gif" },
};

/** The file image's type (and size when its header says) from its magic bytes; null if not one. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mediaType = sniffImageType(body);
  const file = mediaType ? FILE_IMAGES[mediaType] : undefined;
  if (!mediaType || !file) return null;
  return { ...file, mediaType, ...sizeOf(body) };
}

function sizeOf(body: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(body);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null; // a header cut short (the view route reads 64 bytes): no size
  }
}
