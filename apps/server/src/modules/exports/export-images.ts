/**
 * Images an export embeds (NexDocs' own images, issue 40), by the address the export's Markdown
 * gives them (`![alt](address)`). An image the map does not hold stays a link; one with a note
 * stays a link that says why (too much image data in one export, or a type the format cannot
 * hold), in the export's words (EXPORT_WORDS' imageNotes).
 * The bytes travel to the export worker with the job (a structured clone: a Buffer arrives as a
 * Uint8Array).
 */
export interface EmbeddedImage {
  type: "png" | "jpg" | "gif";
  bytes: Uint8Array;
  /** Pixels, from the image's header. */
  width: number;
  height: number;
}

export interface ExportImages {
  embed: Record<string, EmbeddedImage>;
  /** Why an image is a link and not embedded, by its address (in the export's language). */
  notes: Record<string, string>;
  /** The note a GIF the PDF cannot draw gets (export-gif.ts), in the export's language. */
  gifNote?: string;
}

/** Everything an export's images may hold together; beyond it, the rest are links. */
export const EXPORT_IMAGE_BYTES = 20 * 1024 * 1024;

export const NO_IMAGES: ExportImages = { embed: {}, notes: {} };

/** The bytes all embedded images hold. */
export function imageBytes(images: ExportImages | undefined): number {
  if (!images) return 0;
  return Object.values(images.embed).reduce((n, image) => n + image.bytes.byteLength, 0);
}

/** The size an image is drawn at: its own, scaled down to fit `maxWidth` × `maxHeight`. */
export function fitted(
  image: Pick<EmbeddedImage, "width" | "height">,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** The words an image left as a link shows: its alt text (or address), and why when known. */
export function linkText(alt: string | null | undefined, url: string, note?: string): string {
  const label = alt || url;
  return note ? `${label} (${note})` : label;
}
