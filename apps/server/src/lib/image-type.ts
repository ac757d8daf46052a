/**
 * Raster images by their magic bytes (PNG, JPEG, WebP, GIF), with the size when the header says.
 * SVG is never an image here: it is a document that can hold script.
 */

export interface ImageType {
  /** The files row's kind (one of contracts' IMAGE_FILE_KINDS). */
  kind: "png" | "jpeg" | "webp" | "gif";
  mediaType: string;
  extension: string;
  width?: number;
  height?: number;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG: the first start-of-frame segment holds the height and width. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/** The image's type (and size when its header says) from its magic bytes; null if not an image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, ...ascii("PNG\r\n\x1a\n")])) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sized = bytes.length >= 24 && startsWith(bytes, ascii("IHDR"), 12);
    return {
      kind: "png",
      mediaType: "image/png",
      extension: "png",
      ...(sized ? { width: view.getUint32(16), height: view.getUint32(20) } : {}),
    };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: "jpeg", mediaType: "image/jpeg", extension: "jpg", ...jpegSize(bytes) };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { kind: "webp", mediaType: "image/webp", extension: "webp" };
  if (startsWith(bytes, ascii("GIF8")))
    return { kind: "gif", mediaType: "image/gif", extension: "gif" };
  return null;
}
